import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from './identity-types.ts';

/** One help item as the help centre shows it: a title in the menu and HTML content. */
export interface HelpEntry {
  title: string;
  content: string;
}

export interface HelpCenterInput {
  /** The item the address asks for (`/m/help?i=`), 0 by default. */
  selected: number;
}

export interface HelpCenterContext {
  items: HelpEntry[];
  /** The index the address asks for; the shown item is `shownIndex` (the first when it is out of range). */
  selected: number;
  /** Why the last load failed: the server's errorCode or `client.*`. */
  errorCode: string | null;
}

export type HelpCenterEvent = { type: 'help.select'; index: number } | { type: 'help.retry' } | { type: 'language.change' };

/** The item shown: the one asked for, or the first when the index is past the end. */
export const shownIndex = (context: Pick<HelpCenterContext, 'items' | 'selected'>): number =>
  context.selected >= 0 && context.selected < context.items.length ? context.selected : 0;

/**
 * The help centre (/m/help, spec sections 2 and 7): `loadHelp` reads the help
 * items in the site's language; `ready` shows a menu of their titles and the
 * selected item's content, `empty` says there are none, `failed` offers
 * `help.retry`. `help.select` (the menu, or `?i=` in the address) chooses
 * the item shown, in any state, so an answer that arrives later shows the
 * item asked for. `language.change` loads the items again in the new
 * language, keeping the selection.
 */
export const helpCenterMachine = setup({
  types: {
    context: {} as HelpCenterContext,
    events: {} as HelpCenterEvent,
    input: {} as HelpCenterInput,
  },
  actors: {
    loadHelp: fromPromise<HelpEntry[]>(async () => {
      throw new Error('loadHelp is provided by the app');
    }),
  },
  guards: {
    hasItems: (_, params: { items: HelpEntry[] }) => params.items.length > 0,
  },
  actions: {
    select: assign({ selected: (_, params: { index: number }) => params.index }),
  },
}).createMachine({
  id: 'helpCenter',
  context: ({ input }) => ({ items: [], selected: input.selected, errorCode: null }),
  initial: 'loading',
  on: {
    'help.select': { actions: { type: 'select', params: ({ event }) => ({ index: event.index }) } },
    'language.change': { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      entry: assign({ errorCode: null }),
      invoke: {
        id: 'loadHelp',
        src: 'loadHelp',
        onDone: [
          {
            guard: { type: 'hasItems', params: ({ event }) => ({ items: event.output }) },
            target: 'ready',
            actions: assign({ items: ({ event }) => event.output }),
          },
          { target: 'empty', actions: assign({ items: [] }) },
        ],
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    ready: {},
    empty: {},
    failed: {
      on: { 'help.retry': { target: 'loading' } },
    },
  },
});
