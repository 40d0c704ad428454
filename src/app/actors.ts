import { fromPromise } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { type StatusAnswer, systemStatusMachine } from '../../machines/system-status.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { systemStatusEndpoint } from '../api/system.ts';
import {
  clearStoredSession,
  readStoredSession,
  writeCachedStatus,
  writeLanguage,
  writeStoredSession,
} from './storage.ts';

/** The app machine with its real side effects: browser storage and the API. */
export function provideAppMachine(call: ApiCall) {
  return appMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => readStoredSession()),
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
      storeLanguage: (_, { language }) => writeLanguage(language),
    },
  });
}
