import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, isBankCardIncomplete, isWithdrawalPassword, isWithin, type MoneyCurrency, moneyMessages, placeholderKey } from './money-types.ts';

export interface WithdrawBankCard {
  id: number;
  bankName: string;
  accountName: string;
  accountNumberMasked: string;
}

export interface WithdrawInfoData {
  currency: MoneyCurrency;
  balance: number;
  held: number;
  minAmount: number;
  maxAmount: number;
  bankCards: WithdrawBankCard[];
  maxBankCards: number;
  banks: string[];
  hasWithdrawalPassword: boolean;
}

export interface NewBankCard {
  bankName: string;
  accountName: string;
  accountNumber: string;
}

export interface NewWithdrawalPassword {
  newPassword: string;
  confirmPassword: string;
}

export interface WithdrawalRequest {
  bankCardId: number;
  amount: number;
  withdrawalPassword: string;
  idempotencyKey: string;
}

export interface WithdrawalData {
  orderNo: string;
  status: 'pending' | 'approved' | 'rejected';
  amount: number;
}

export interface WithdrawInput {
  /** A trial account (type 4): withdrawals are refused. */
  isTrial: boolean;
}

export interface WithdrawContext {
  isTrial: boolean;
  info: WithdrawInfoData | null;
  /** The last request sent; the same request sent again keeps its idempotency key. */
  request: WithdrawalRequest | null;
  withdrawal: WithdrawalData | null;
  errorCode: string | null;
}

export type WithdrawEvent =
  | { type: 'withdraw.retry' }
  | { type: 'card.add' }
  | { type: 'card.cancel' }
  | ({ type: 'card.submit' } & NewBankCard)
  | ({ type: 'password.submit' } & NewWithdrawalPassword)
  | { type: 'withdraw.submit'; bankCardId: number; amount: number; password: string }
  | { type: 'withdraw.again' };

type CardSubmit = Extract<WithdrawEvent, { type: 'card.submit' }>;
type PasswordSubmit = Extract<WithdrawEvent, { type: 'password.submit' }>;
type Submit = Extract<WithdrawEvent, { type: 'withdraw.submit' }>;

/**
 * Withdraw (/m/withdraw; spec sections 2, 6 and 7). A trial account is
 * refused (free_reject). Others load the withdrawal information
 * (`loadWithdrawInfo`: balance, limits, bank cards, banks, whether a
 * withdrawal password is set). Without a bank card the player adds one
 * (`addBankCard`); without a withdrawal password sets one (6 digits, confirmed;
 * `setWithdrawalPassword`). Then the form: card, amount within the limits and
 * not above the balance, and the password. `createWithdrawal` sends it with
 * an idempotency key (`newIdempotencyKey`; the same request sent again keeps
 * it); the amount is held until the operator decides, and a request cannot
 * be cancelled. `withdrawalRequested` lets the app refresh the balance.
 * Server refusals (wrong or locked password, insufficient balance) show their
 * catalogue message and keep the form.
 */
export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    input: {} as WithdrawInput,
  },
  actors: {
    loadWithdrawInfo: fromPromise<WithdrawInfoData>(async () => {
      throw new Error('loadWithdrawInfo is provided by the app');
    }),
    addBankCard: fromPromise<WithdrawBankCard, NewBankCard>(async () => {
      throw new Error('addBankCard is provided by the app');
    }),
    setWithdrawalPassword: fromPromise<void, NewWithdrawalPassword>(async () => {
      throw new Error('setWithdrawalPassword is provided by the app');
    }),
    createWithdrawal: fromPromise<WithdrawalData, WithdrawalRequest>(async () => {
      throw new Error('createWithdrawal is provided by the app');
    }),
  },
  actions: {
    /** A fresh idempotency key for a new request; the app provides one from crypto.randomUUID(). */
    newIdempotencyKey: assign(({ event }) => {
      const submit = event as Submit;
      return {
        request: {
          bankCardId: submit.bankCardId,
          amount: submit.amount,
          withdrawalPassword: submit.password,
          idempotencyKey: placeholderKey(submit.bankCardId, submit.amount),
        },
      };
    }),
    /** The amount is held: the app refreshes the balance. */
    withdrawalRequested: () => {},
  },
  guards: {
    isTrial: ({ context }) => context.isTrial,
    needsCard: ({ context }) => (context.info?.bankCards.length ?? 0) === 0,
    needsPassword: ({ context }) => context.info?.hasWithdrawalPassword !== true,
    canAddCard: ({ context }) => context.info !== null && context.info.bankCards.length < context.info.maxBankCards,
    hasCards: ({ context }) => (context.info?.bankCards.length ?? 0) > 0,
    isCardIncomplete: ({ event }) => isBankCardIncomplete(event as CardSubmit),
    isPasswordBadFormat: ({ event }) => !isWithdrawalPassword((event as PasswordSubmit).newPassword),
    isPasswordMismatch: ({ event }) => {
      const e = event as PasswordSubmit;
      return e.newPassword !== e.confirmPassword;
    },
    isCardUnknown: ({ context, event }) => !context.info?.bankCards.some((c) => c.id === (event as Submit).bankCardId),
    isAmountOutOfRange: ({ context, event }) =>
      context.info !== null && !isWithin((event as Submit).amount, context.info.minAmount, context.info.maxAmount),
    isAmountAboveBalance: ({ context, event }) => context.info !== null && (event as Submit).amount > context.info.balance,
    isSubmitPasswordBadFormat: ({ event }) => !isWithdrawalPassword((event as Submit).password),
    isSameRequest: ({ context, event }) => {
      const e = event as Submit;
      return (
        context.request !== null &&
        context.request.bankCardId === e.bankCardId &&
        context.request.amount === e.amount &&
        context.request.withdrawalPassword === e.password
      );
    },
  },
}).createMachine({
  id: 'withdraw',
  context: ({ input }) => ({ isTrial: input.isTrial, info: null, request: null, withdrawal: null, errorCode: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isTrial', target: 'rejected', actions: assign({ errorCode: moneyMessages.freeReject }) }, { target: 'loading' }],
    },
    rejected: {},
    loading: {
      invoke: {
        id: 'loadWithdrawInfo',
        src: 'loadWithdrawInfo',
        onDone: { target: 'deciding', actions: assign({ info: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'withdraw.retry': { target: 'loading' } },
    },
    deciding: {
      always: [{ guard: 'needsCard', target: 'addingCard' }, { guard: 'needsPassword', target: 'settingPassword' }, { target: 'form' }],
    },
    addingCard: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'card.submit': [
              { guard: 'isCardIncomplete', actions: assign({ errorCode: moneyMessages.cardFields }) },
              { target: 'saving', actions: assign({ errorCode: null }) },
            ],
            'card.cancel': { guard: 'hasCards', target: '#withdraw.deciding', actions: assign({ errorCode: null }) },
          },
        },
        saving: {
          invoke: {
            id: 'addBankCard',
            src: 'addBankCard',
            input: ({ event }) => {
              const { bankName, accountName, accountNumber } = event as CardSubmit;
              return { bankName, accountName, accountNumber };
            },
            onDone: {
              target: '#withdraw.deciding',
              actions: assign({ info: ({ context, event }) => ({ ...context.info!, bankCards: [...context.info!.bankCards, event.output] }) }),
            },
            onError: { target: 'editing', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
      },
    },
    settingPassword: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'password.submit': [
              { guard: 'isPasswordBadFormat', actions: assign({ errorCode: moneyMessages.passwordFormat }) },
              { guard: 'isPasswordMismatch', actions: assign({ errorCode: moneyMessages.passwordMismatch }) },
              { target: 'saving', actions: assign({ errorCode: null }) },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'setWithdrawalPassword',
            src: 'setWithdrawalPassword',
            input: ({ event }) => {
              const { newPassword, confirmPassword } = event as PasswordSubmit;
              return { newPassword, confirmPassword };
            },
            onDone: { target: '#withdraw.deciding', actions: assign({ info: ({ context }) => ({ ...context.info!, hasWithdrawalPassword: true }) }) },
            onError: { target: 'editing', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
      },
    },
    form: {
      on: {
        'card.add': { guard: 'canAddCard', target: 'addingCard', actions: assign({ errorCode: null }) },
        'withdraw.submit': [
          { guard: 'isCardUnknown', actions: assign({ errorCode: moneyMessages.cardRequired }) },
          { guard: 'isAmountOutOfRange', actions: assign({ errorCode: moneyMessages.amountRange }) },
          { guard: 'isAmountAboveBalance', actions: assign({ errorCode: moneyMessages.amountAboveBalance }) },
          { guard: 'isSubmitPasswordBadFormat', actions: assign({ errorCode: moneyMessages.passwordFormat }) },
          { guard: 'isSameRequest', target: 'submitting', actions: assign({ errorCode: null }) },
          { target: 'submitting', actions: [assign({ errorCode: null }), 'newIdempotencyKey'] },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'createWithdrawal',
        src: 'createWithdrawal',
        input: ({ context }) => context.request!,
        onDone: { target: 'requested', actions: [assign({ withdrawal: ({ event }) => event.output }), 'withdrawalRequested'] },
        onError: { target: 'form', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    requested: {
      on: {
        'withdraw.again': { target: 'loading', actions: assign({ withdrawal: null, request: null, errorCode: null }) },
      },
    },
  },
});
