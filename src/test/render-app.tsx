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
import type { ApiCall } from '../api/client.ts';
import type { ConsolidatedSettings } from '../../contract/system.ts';
import { provideAppMachine } from '../app/actors.ts';
import { AppActorContext } from '../app/app-actor.tsx';
import { AppI18n } from '../app/app-root.tsx';
import { AppRouter } from '../app/app-router.tsx';
import { navigateWith } from '../app/navigation.ts';
import { createAppRouter } from '../app/router.ts';
import en from '../../contract/messages/en.json';

export const memberSession: SessionInfo = {
  token: 'tok-member',
  merchantCode: 'DEMO',
  userName: 'alice',
  type: 0,
  firstTimeLogin: false,
};
export const trialSession: SessionInfo = { ...memberSession, token: 'tok-trial', userName: 'trial01', type: 4 };
export const agentSession: SessionInfo = { ...memberSession, token: 'tok-agent', userName: 'boss', type: 1 };

/** The demo merchant's consolidated settings (the deposit entry's ₱258 badge among them). */
export const demoSettings: ConsolidatedSettings = {
  merchantCode: 'DEMO',
  name: 'Lucky Bay',
  currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
  languages: { enabled: ['EN', 'CN'], default: 'EN' },
  switches: {},
  depositBadge: 25800,
} as ConsolidatedSettings;

export interface RenderAppOptions {
  path?: string;
  /** The merchant's settings the root route loads; omitted: `demoSettings`. */
  settings?: ConsolidatedSettings | null;
  session?: SessionInfo | null;
  /** The system status answer (or each answer, asked again at every fetch); omitted: the status stays unknown (never answers). */
  status?: StatusAnswer | (() => StatusAnswer);
  /** The session renewal (POST /wps/session/renew) with the token renewed; omitted: it succeeds. */
  renew?: (token: string) => Promise<unknown>;
  /** Use the real browser storage effects of the app machine (MC_SESSION_INFO, trialName, MC_REMEMBER). */
  storage?: boolean;
}

const loadEnglish = async () => en;

/** The app machine's own calls are all replaced below; this one only fails loudly if one is not. */
const unusedCall = (() => Promise.reject(new Error('renderApp: unexpected API call'))) as unknown as ApiCall;

export function renderApp({ path = '/m/home', session = null, status, renew, storage = false, settings = demoSettings }: RenderAppOptions = {}) {
  const loadSettings = () => Promise.resolve(settings);
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ history });
  const base = storage ? provideAppMachine(unusedCall, router) : appMachine.provide({ actions: { navigate: navigateWith(router) } });
  const logic = base.provide({
    actors: {
      restoreSession: fromPromise(async () => session),
      renewSession: fromPromise<unknown, { token: string }>(({ input }) => (renew ? renew(input.token) : Promise.resolve(null))),
      systemStatus: systemStatusMachine.provide({
        actors: {
          fetchStatus: fromPromise<StatusAnswer>(() =>
            status ? Promise.resolve(typeof status === 'function' ? status() : status) : new Promise<StatusAnswer>(() => {}),
          ),
        },
      }),
    },
  });
  const user = userEvent.setup();
  const view = render(
    <AppActorContext.Provider logic={logic} options={{ systemId: 'app', input: { language: 'EN', cachedStatus: null } }}>
      <AppI18n load={loadEnglish}>
        <AppRouter router={router} settings={loadSettings} />
      </AppI18n>
    </AppActorContext.Provider>,
  );
  return { ...view, router, history, user };
}
