import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, isBankCardIncomplete, moneyMessages } from './money-types.ts';
import type { NewBankCard, WithdrawBankCard } from './withdraw.machine.ts';

/** The member's cards, how many may be kept and the banks a card can be added for. */
export interface BankCardsData {
  bankCards: WithdrawBankCard[];
  maxBankCards: number;
  banks: string[];
}

export interface BankCardsContext {
  data: BankCardsData | null;
  /** The card whose removal is being confirmed or sent. */
  removing: WithdrawBankCard | null;
  errorCode: string | null;
}

export type BankCardsEvent =
  | { type: 'cards.retry' }
  | { type: 'card.add' }
  | ({ type: 'card.submit' } & NewBankCard)
  | { type: 'card.remove'; id: number }
  | { type: 'card.confirm' }
  | { type: 'card.cancel' };

type CardSubmit = Extract<BankCardsEvent, { type: 'card.submit' }>;

/**
 * Bank cards on the security center (/m/securityCenter; spec section 7:
 * bankCard). `loadCards` reads the member's cards (numbers masked: only the
 * last 4 digits) with the banks and the most a member may keep. Adding one
 * (while below that) checks the bank, name and a 6 to 30 digit number before
 * `addCard` sends it, as withdraw does; removing one asks for confirmation
 * first, then `removeCard` (the server refuses a card a pending withdrawal
 * pays to). Each change shows its toast for `doneToast` (spec section 9),
 * beside the list, so the member may go on meanwhile; a refusal keeps the
 * list and says why.
 */
export const bankCardsMachine = setup({
  types: {
    context: {} as BankCardsContext,
    events: {} as BankCardsEvent,
  },
  actors: {
    loadCards: fromPromise<BankCardsData>(async () => {
      throw new Error('loadCards is provided by the app');
    }),
    addCard: fromPromise<WithdrawBankCard, NewBankCard>(async () => {
      throw new Error('addCard is provided by the app');
    }),
    removeCard: fromPromise<void, { id: number }>(async () => {
      throw new Error('removeCard is provided by the app');
    }),
  },
  guards: {
    canAddCard: ({ context }) => context.data !== null && context.data.bankCards.length < context.data.maxBankCards,
    isCardIncomplete: ({ event }) => isBankCardIncomplete(event as CardSubmit),
    isKnownCard: ({ context, event }) => event.type === 'card.remove' && !!context.data?.bankCards.some((card) => card.id === event.id),
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    doneToast: 1000,
  },
}).createMachine({
  id: 'bankCards',
  context: { data: null, removing: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCards',
        src: 'loadCards',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'cards.retry': { target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      states: {
        flow: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'card.add': { guard: 'canAddCard', target: 'adding', actions: assign({ errorCode: null }) },
                'card.remove': {
                  guard: 'isKnownCard',
                  target: 'confirming',
                  actions: assign({ removing: ({ context, event }) => context.data!.bankCards.find((card) => card.id === event.id)!, errorCode: null }),
                },
              },
            },
            adding: {
              on: {
                'card.submit': [
                  { guard: 'isCardIncomplete', actions: assign({ errorCode: moneyMessages.cardFields }) },
                  { target: 'saving', actions: assign({ errorCode: null }) },
                ],
                'card.cancel': { target: 'idle', actions: assign({ errorCode: null }) },
              },
            },
            saving: {
              invoke: {
                id: 'addCard',
                src: 'addCard',
                input: ({ event }) => {
                  const { bankName, accountName, accountNumber } = event as CardSubmit;
                  return { bankName, accountName, accountNumber };
                },
                onDone: {
                  target: ['idle', '#bankCards.ready.toast.added'],
                  actions: assign({ data: ({ context, event }) => ({ ...context.data!, bankCards: [...context.data!.bankCards, event.output] }) }),
                },
                onError: { target: 'adding', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
              },
            },
            confirming: {
              on: {
                'card.confirm': { target: 'removing' },
                'card.cancel': { target: 'idle', actions: assign({ removing: null }) },
              },
            },
            removing: {
              invoke: {
                id: 'removeCard',
                src: 'removeCard',
                input: ({ context }) => ({ id: context.removing!.id }),
                onDone: {
                  target: ['idle', '#bankCards.ready.toast.removed'],
                  actions: assign({
                    data: ({ context }) => ({ ...context.data!, bankCards: context.data!.bankCards.filter((card) => card.id !== context.removing!.id) }),
                    removing: null,
                  }),
                },
                onError: { target: 'idle', actions: assign({ removing: null, errorCode: ({ event }) => errorCodeOf(event.error) }) },
              },
            },
          },
        },
        /** The toast of the last change, beside the list: the member may go on meanwhile. */
        toast: {
          initial: 'hidden',
          states: {
            hidden: {},
            added: { after: { doneToast: { target: 'hidden' } } },
            removed: { after: { doneToast: { target: 'hidden' } } },
          },
        },
      },
    },
  },
});
