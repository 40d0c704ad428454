/**
 * Responsible gaming's machines (machines/responsible-gaming.machine.ts, the
 * page; machines/reality-check.machine.ts, the reminders and session limit)
 * with their real side effects: the endpoints of
 * contract/responsible-gaming.ts, the logout endpoint, and the app machine
 * (`session.logout`, navigation).
 *
 * Imported by the page's route chunk and by the reality check's dialog
 * (src/features/shell/reality-check-dialog.tsx, loaded for a signed-in
 * member or agent after the first screen), never by the first load.
 */
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  excludeEndpoint,
  type ExclusionRequest,
  type LimitChange,
  protectionEndpoint,
  realityEndpoint,
  type SessionSettings,
  setLimitEndpoint,
  setSessionSettingsEndpoint,
  statementEndpoint,
} from '../../contract/responsible-gaming.ts';
import { logoutEndpoint } from '../../contract/session.ts';
import { realityCheckMachine } from '../../machines/reality-check.machine.ts';
import { responsibleGamingMachine } from '../../machines/responsible-gaming.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { useSystemActor } from './actor-system.ts';
import { apiCall } from './api.ts';
import { type SystemArgs, sendToApp } from './app-events.ts';
import { goTo } from './navigation.ts';
import { readRemembered } from './remembered-login.ts';

/** The system id of the page's actor. */
export const responsibleGamingSystemId = 'responsibleGaming';
/** The system id of the session's reality check (one per signed-in session). */
export const realityCheckSystemId = 'realityCheck';

/** Tells the running reality check that the member changed its settings (it reads them again). */
const toRealityCheck = ({ system }: SystemArgs) => system.get(realityCheckSystemId)?.send({ type: 'settings.changed' });

export function provideResponsibleGamingMachine(call: ApiCall = apiCall) {
  return responsibleGamingMachine.provide({
    actors: {
      loadPage: fromPromise(async () => {
        const [protection, statement] = await Promise.all([call(protectionEndpoint), call(statementEndpoint)]);
        return { protection, statement };
      }),
      saveLimit: fromPromise(({ input }: { input: LimitChange }) => call(setLimitEndpoint, { body: input })),
      saveSession: fromPromise(({ input }: { input: SessionSettings }) => call(setSessionSettingsEndpoint, { body: input })),
      exclude: fromPromise(({ input }: { input: ExclusionRequest }) => call(excludeEndpoint, { body: input })),
    },
    actions: { sessionSettingsChanged: toRealityCheck },
  });
}

/** `now`: the client's clock, from which the machine's delays count. */
export function provideRealityCheckMachine(call: ApiCall = apiCall, now: () => number = Date.now) {
  return realityCheckMachine.provide({
    actors: {
      loadSettings: fromPromise(async () => {
        const [protection, reality] = await Promise.all([call(protectionEndpoint), call(realityEndpoint)]);
        return { realityCheckMinutes: protection.realityCheckMinutes, reality, readAt: now() };
      }),
      loadReality: fromPromise(async () => {
        const reality = await call(realityEndpoint);
        return { reality, readAt: now() };
      }),
      logOut: fromPromise(async () => {
        const deviceToken = readRemembered()?.deviceToken;
        await call(logoutEndpoint, { body: deviceToken ? { deviceToken } : {} });
      }),
    },
    actions: {
      // The app machine clears the session, as the logout machine's `clearLocalSession` does.
      endSession: (args) => sendToApp(args, { type: 'session.logout' }),
      goTo,
    },
  });
}

/**
 * The session's reality check, joined to the app's system (system id
 * `realityCheck`) while the component that asks for it is mounted: the
 * header (on every page) mounts it once per signed-in session (keyed by its
 * token), so it runs across the site and stops when the member signs out.
 */
export function useRealityCheck(session: string) {
  const logic = useMemo(() => provideRealityCheckMachine(), []);
  return useSystemActor(logic, { systemId: realityCheckSystemId, input: { session } });
}
