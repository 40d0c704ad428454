import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from './identity-types.ts';

/** The terms and conditions as the sheet shows them: a title and HTML content. */
export interface TermsItem {
  title: string;
  content: string;
}

/** Message id of the failure when the help centre has no terms item (the view translates it). */
export const termsMissingMessage = 'identity.terms.missing';

export interface TermsContext {
  /** The terms once loaded (kept after the sheet closes, so it opens again at once). */
  item: TermsItem | null;
  /** Why the last load failed: the server's errorCode, `client.*`, or `termsMissingMessage`. */
  errorCode: string | null;
}

export type TermsEvent = { type: 'terms.open' } | { type: 'terms.close' } | { type: 'terms.retry' };

/**
 * The terms and conditions the registration disclaimer asks the player to
 * accept (spec sections 2 and 7): `terms.open` opens the sheet; `loadTerms`
 * reads the help centre in the current language and answers the item with
 * key `terms`, or null when there is none, which fails with
 * `termsMissingMessage`. A failed load offers `terms.retry`. `terms.close`
 * closes the sheet from any state (a load still running is dropped). Loaded
 * terms are kept: opening them again shows them without a new load.
 */
export const termsMachine = setup({
  types: {
    context: {} as TermsContext,
    events: {} as TermsEvent,
  },
  actors: {
    loadTerms: fromPromise<TermsItem | null>(async () => {
      throw new Error('loadTerms is provided by the app');
    }),
  },
  guards: {
    isLoaded: ({ context }) => context.item !== null,
    isFound: (_, params: { item: TermsItem | null }) => params.item !== null,
  },
}).createMachine({
  id: 'terms',
  context: { item: null, errorCode: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'terms.open': [{ guard: 'isLoaded', target: 'shown' }, { target: 'loading' }],
      },
    },
    loading: {
      entry: assign({ errorCode: null }),
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ item: event.output }) },
            target: 'shown',
            actions: assign({ item: ({ event }) => event.output }),
          },
          { target: 'failed', actions: assign({ errorCode: termsMissingMessage }) },
        ],
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
      on: { 'terms.close': { target: 'closed' } },
    },
    shown: {
      on: { 'terms.close': { target: 'closed' } },
    },
    failed: {
      on: {
        'terms.retry': { target: 'loading' },
        'terms.close': { target: 'closed' },
      },
    },
  },
});
