/**
 * Renders the real app (router, route tree, shell) around a fake app machine:
 * a stored session to restore, a system status answer, English messages.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import type { SessionInfo } from '../../machines/session.ts';
import { type StatusAnswer, systemStatusMachine } from '../../machines/system-status.machine.ts';
import { AppActorContext } from '../app/app-actor.tsx';
import { AppRouter } from '../app/app-router.tsx';
import { createAppRouter } from '../app/router.ts';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import en from '../i18n/messages/en.json';

export const memberSession: SessionInfo = {
  token: 'tok-member',
  merchantCode: 'DEMO',
  userName: 'alice',
  type: 0,
  firstTimeLogin: false,
};
export const trialSession: SessionInfo = { ...memberSession, token: 'tok-trial', userName: 'trial01', type: 4 };
export const agentSession: SessionInfo = { ...memberSession, token: 'tok-agent', userName: 'boss', type: 1 };

export interface RenderAppOptions {
  path?: string;
  session?: SessionInfo | null;
  /** The system status answer; omitted: the status stays unknown (never answers). */
  status?: StatusAnswer;
}

const loadEnglish = async () => en;

export function renderApp({ path = '/m/home', session = null, status }: RenderAppOptions = {}) {
  const logic = appMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => session),
      systemStatus: systemStatusMachine.provide({
        actors: {
          fetchStatus: fromPromise<StatusAnswer>(() =>
            status ? Promise.resolve(status) : new Promise<StatusAnswer>(() => {}),
          ),
        },
      }),
    },
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ history });
  const user = userEvent.setup();
  const view = render(
    <AppActorContext.Provider logic={logic} options={{ input: { language: 'EN', cachedStatus: null } }}>
      <I18nProvider load={loadEnglish}>
        <AppRouter router={router} />
      </I18nProvider>
    </AppActorContext.Provider>,
  );
  return { ...view, router, history, user };
}
