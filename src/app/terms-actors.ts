/**
 * The terms machine of the registration screen, in the app's actor system:
 * `loadTerms` reads the help centre (GET /wps/system/helpCenter, device
 * MOBILE) in the app's current language and picks the item with key
 * `terms` (null when there is none: the machine's own failure).
 *
 * Imported by the registration screen only, so the help contract stays in
 * its chunk.
 */
import { useMemo } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { termsHelpKey } from '../../contract/help.ts';
import { type TermsItem, termsMachine } from '../../machines/terms.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { useSystemActor } from './actor-system.ts';
import { loadHelpItems } from './help-actors.ts';

export type TermsActor = ActorRefFrom<typeof termsMachine>;

export function provideTermsMachine(call: ApiCall) {
  return termsMachine.provide({
    actors: {
      // The site's language as the app machine stores it (the one every call's Language header carries).
      loadTerms: fromPromise<TermsItem | null>(async ({ signal }) => {
        const items = await loadHelpItems(call, signal);
        const terms = items.find((item) => item.key === termsHelpKey);
        return terms ? { title: terms.title, content: terms.content } : null;
      }),
    },
  });
}

/** The terms machine of the mounted registration form (system id `terms`), calling the API with `call`. */
export function useTermsActor(call: ApiCall): TermsActor {
  const logic = useMemo(() => provideTermsMachine(call), [call]);
  return useSystemActor(logic, { systemId: 'terms' });
}
