import { fromPromise } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { type StatusAnswer, systemStatusMachine } from '../../machines/system-status.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { systemStatusEndpoint } from '../../contract/system.ts';
import { navigateWith } from './navigation.ts';
import type { AppRouterInstance } from './router.ts';
import {
  clearStoredSession,
  dropDeviceToken,
  hasRememberedLogin,
  readStoredSession,
  readTabSession,
  rewriteStoredSession,
  writeCachedStatus,
  writeLanguage,
  writeStoredSession,
} from './storage.ts';

/** The app machine with its real side effects: browser storage, the API and the router. */
export function provideAppMachine(call: ApiCall, router: AppRouterInstance) {
  return appMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        // This tab's session first; else remember-me's device token; else a session kept in local storage.
        const current = readTabSession();
        if (current) return current;
        if (hasRememberedLogin()) {
          const { restoreRememberedSession } = await import('./device-session.ts');
          const restored = await restoreRememberedSession(call);
          if (restored) return restored;
        }
        return readStoredSession();
      }),
      // The token the call sends is the stored session's (src/app/api.ts), the one the machine renews.
      // The session schemas load with it, after the first paint, not in the first chunk.
      renewSession: fromPromise(async (): Promise<unknown> => {
        const { sessionRenewEndpoint } = await import('../../contract/session.ts');
        return call(sessionRenewEndpoint);
      }),
      systemStatus: systemStatusMachine.provide({
        actors: {
          fetchStatus: fromPromise(async (): Promise<StatusAnswer> => {
            const v = await call(systemStatusEndpoint);
            return { status: v.status, info: v.info, ip: v.location.ip };
          }),
        },
        actions: { persistStatus: (_, { answer }) => writeCachedStatus(answer) },
      }),
    },
    actions: {
      storeSession: (_, { session, remember }) => writeStoredSession(session, remember),
      forgetSession: () => clearStoredSession(),
      // At once, not after loading remembered-login.ts: a page load that starts a moment later would
      // still find the token and sign the account in again (it did, under load, in the browser suite).
      forgetDeviceToken: () => dropDeviceToken(),
      rewriteSession: ({ context }) => {
        if (context.session) rewriteStoredSession(context.session);
      },
      storeLanguage: (_, { language }) => writeLanguage(language),
      navigate: navigateWith(router),
    },
  });
}
