import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, type MoneyCurrency } from './money-types.ts';

/** What `loadWallet` answers: the merchant's currency and the member's spendable balance (minor units). */
export interface BalanceReading {
  currency: MoneyCurrency;
  sumBalance: number;
}

export interface BalanceInput {
  /** The hide toggle as the player left it. */
  hidden: boolean;
}

export interface BalanceContext {
  reading: BalanceReading | null;
  hidden: boolean;
  errorCode: string | null;
}

export type BalanceEvent = { type: 'balance.refresh' } | { type: 'page.visible' } | { type: 'balance.toggleHidden' };

/**
 * The header's balance widget (spec sections 2 and 3): `loadWallet` reads
 * `/wps/wallets/gcs`; the widget shows the currency symbol and sumBalance to
 * 2 decimals. The refresh button (`balance.refresh`) and the page becoming
 * visible again (`page.visible`, after a game or the payment page) reload it;
 * while loading the amount is masked. The hide toggle (`balance.toggleHidden`)
 * masks it with asterisks in any state and is remembered (`persistHidden`).
 * A failed load keeps the last reading and offers the refresh button.
 */
export const balanceMachine = setup({
  types: {
    context: {} as BalanceContext,
    events: {} as BalanceEvent,
    input: {} as BalanceInput,
  },
  actors: {
    loadWallet: fromPromise<BalanceReading>(async () => {
      throw new Error('loadWallet is provided by the app');
    }),
  },
  actions: {
    /** The app remembers the hide toggle. */
    persistHidden: (_, _params: { hidden: boolean }) => {},
  },
}).createMachine({
  id: 'balance',
  context: ({ input }) => ({ reading: null, hidden: input.hidden, errorCode: null }),
  initial: 'loading',
  on: {
    'balance.toggleHidden': {
      actions: [assign({ hidden: ({ context }) => !context.hidden }), { type: 'persistHidden', params: ({ context }) => ({ hidden: context.hidden }) }],
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadWallet',
        src: 'loadWallet',
        onDone: { target: 'ready', actions: assign({ reading: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    ready: {
      on: {
        'balance.refresh': { target: 'loading' },
        'page.visible': { target: 'loading' },
      },
    },
    failed: {
      on: {
        'balance.refresh': { target: 'loading' },
        'page.visible': { target: 'loading' },
      },
    },
  },
});

/** What the widget shows in place of the amount: asterisks while hidden or loading. */
export const balanceMask = '****';
