/**
 * The money machines (machines/balance, deposit, withdraw, records) with
 * their real side effects: the wallet API (contract/wallet.ts), idempotency
 * keys from `crypto.randomUUID()`, the payment page, and the remembered
 * hide toggle of the balance.
 *
 * Imported only by the money views (the header's balance widget is loaded
 * lazily), never by src/main.tsx or the shell, so none of it is in the first
 * load.
 */
import { useEffect } from 'react';
import { type ActorRefFrom, assign, fromPromise } from 'xstate';
import { type BalanceReading, balanceMachine } from '../../machines/balance.machine.ts';
import { type DepositOptionsData, type DepositOrderData, type DepositRequest, depositMachine } from '../../machines/deposit.machine.ts';
import type { RecordPage, RecordsRequest } from '../../machines/records.machine.ts';
import { recordsMachine } from '../../machines/records.machine.ts';
import {
  type NewBankCard,
  type NewWithdrawalPassword,
  type WithdrawalData,
  type WithdrawalRequest,
  type WithdrawBankCard,
  type WithdrawInfoData,
  withdrawMachine,
} from '../../machines/withdraw.machine.ts';
import type { ApiCall } from '../api/client.ts';
import type { bonusRecordsEndpoint, profitRecordEndpoint } from '../../contract/member-records.ts';
import type { invitedFriendsEndpoint } from '../../contract/referral.ts';
import {
  addBankCardEndpoint,
  betRecordsEndpoint,
  createDepositEndpoint,
  createWithdrawalEndpoint,
  depositOptionsEndpoint,
  depositStatusEndpoint,
  recordPageSize,
  setWithdrawalPasswordEndpoint,
  transactionRecordsEndpoint,
  walletEndpoint,
  withdrawInfoEndpoint,
} from '../../contract/wallet.ts';
import { apiCall } from './api.ts';
import { AppActorContext } from './app-actor.tsx';
import type { SystemArgs } from './app-events.ts';

const hiddenKey = 'MC_BALANCE_HIDDEN';

/** The hide toggle of the balance, as the player left it on this device. */
export function readBalanceHidden(): boolean {
  try {
    return localStorage.getItem(hiddenKey) === '1';
  } catch {
    return false;
  }
}

function writeBalanceHidden(hidden: boolean) {
  try {
    if (hidden) localStorage.setItem(hiddenKey, '1');
    else localStorage.removeItem(hiddenKey);
  } catch {
    // Private mode: the toggle lasts for this page only.
  }
}

/** A new idempotency key (a UUID; the server accepts 8 to 64 of A-Z a-z 0-9 _ - : .). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// ------------------------------------------------------------------ balance

export function provideBalanceMachine(call: ApiCall = apiCall) {
  return balanceMachine.provide({
    actors: {
      loadWallet: fromPromise(async (): Promise<BalanceReading> => {
        const wallet = await call(walletEndpoint);
        return { currency: wallet.merchant.currency, sumBalance: wallet.sumBalance };
      }),
    },
    actions: { persistHidden: (_, { hidden }) => writeBalanceHidden(hidden) },
  });
}

export type BalanceActor = ActorRefFrom<typeof balanceMachine>;

/**
 * The balance of the signed-in session: one for the whole site, a child of
 * the app actor (`balance`, stopped by the app machine when the session
 * ends). The header widget starts it; deposits and withdrawals refresh it.
 */
export function useBalance(): BalanceActor | undefined {
  const app = AppActorContext.useActorRef();
  const balance = AppActorContext.useSelector((s) => s.children.balance) as BalanceActor | undefined;
  useEffect(() => {
    if (!balance) app.send({ type: 'actor.spawn', systemId: 'balance', logic: provideBalanceMachine(), input: { hidden: readBalanceHidden() } });
  }, [app, balance]);
  return balance;
}

/** Reloads the shown balance of the app's system (after a deposit, a withdrawal or a reward paid). */
export const refreshBalance = ({ system }: SystemArgs) => system.get('balance')?.send({ type: 'balance.refresh' });

// ------------------------------------------------------------------ deposit

export function provideDepositMachine(call: ApiCall = apiCall, openUrl: (url: string) => void = (url) => window.location.assign(url)) {
  return depositMachine.provide({
    actors: {
      loadDepositOptions: fromPromise(async (): Promise<DepositOptionsData> => call(depositOptionsEndpoint)),
      createDeposit: fromPromise(
        async ({ input }: { input: DepositRequest }): Promise<DepositOrderData> =>
          call(createDepositEndpoint, {
            body: {
              channelCode: input.channelCode,
              amount: input.amount,
              promotionId: input.promotionId,
              idempotencyKey: input.idempotencyKey,
            },
          }),
      ),
      loadDepositStatus: fromPromise(
        async ({ input }: { input: { orderNo: string } }): Promise<DepositOrderData> => call(depositStatusEndpoint, { query: { orderNo: input.orderNo } }),
      ),
    },
    actions: {
      newIdempotencyKey: assign(({ context, event }) => ({
        request: {
          channelCode: context.channelCode ?? '',
          amount: (event as { amount: number }).amount,
          promotionId: context.promotionId,
          idempotencyKey: newIdempotencyKey(),
        },
      })),
      openPayUrl: (_, { url }) => openUrl(url),
      depositSettled: refreshBalance,
    },
  });
}

// ----------------------------------------------------------------- withdraw

export function provideWithdrawMachine(call: ApiCall = apiCall) {
  return withdrawMachine.provide({
    actors: {
      loadWithdrawInfo: fromPromise(async (): Promise<WithdrawInfoData> => call(withdrawInfoEndpoint)),
      addBankCard: fromPromise(async ({ input }: { input: NewBankCard }): Promise<WithdrawBankCard> => call(addBankCardEndpoint, { body: input })),
      setWithdrawalPassword: fromPromise(async ({ input }: { input: NewWithdrawalPassword }) => {
        await call(setWithdrawalPasswordEndpoint, { body: input });
      }),
      createWithdrawal: fromPromise(
        async ({ input }: { input: WithdrawalRequest }): Promise<WithdrawalData> => call(createWithdrawalEndpoint, { body: input }),
      ),
    },
    actions: {
      newIdempotencyKey: assign(({ event }) => {
        const submit = event as { bankCardId: number; amount: number; password: string };
        return {
          request: {
            bankCardId: submit.bankCardId,
            amount: submit.amount,
            withdrawalPassword: submit.password,
            idempotencyKey: newIdempotencyKey(),
          },
        };
      }),
      withdrawalRequested: refreshBalance,
    },
  });
}

// ------------------------------------------------------------------ records

const dateQuery = (request: RecordsRequest) => ({
  ...(request.filter.startDate ? { startDate: request.filter.startDate } : {}),
  ...(request.filter.endDate ? { endDate: request.filter.endDate } : {}),
});

export function provideTransactionRecords(call: ApiCall = apiCall) {
  return recordsMachine.provide({
    actors: {
      loadRecords: fromPromise(async ({ input }: { input: RecordsRequest }): Promise<RecordPage> => {
        const page = await call(transactionRecordsEndpoint, {
          query: { types: input.filter.types, pageNo: input.pageNo, pageSize: recordPageSize, ...dateQuery(input) },
        });
        return { ...page, summary: null };
      }),
    },
  });
}

/** The record lists whose query is a page and a date range only; they answer a page, with or without totals. */
type PagedRecordsEndpoint = typeof betRecordsEndpoint | typeof profitRecordEndpoint | typeof bonusRecordsEndpoint | typeof invitedFriendsEndpoint;

/** The records machine of such a list: page 1 for the filter's dates, the next page as the list scrolls. */
export function providePagedRecords(endpoint: PagedRecordsEndpoint, call: ApiCall = apiCall) {
  return recordsMachine.provide({
    actors: {
      loadRecords: fromPromise(async ({ input }: { input: RecordsRequest }): Promise<RecordPage> => {
        const page: Omit<RecordPage, 'summary'> & { summary?: unknown } = await call(endpoint as typeof betRecordsEndpoint, {
          query: { pageNo: input.pageNo, pageSize: recordPageSize, ...dateQuery(input) },
        });
        return { ...page, summary: page.summary ?? null };
      }),
    },
  });
}

export const provideBetRecords = (call: ApiCall = apiCall) => providePagedRecords(betRecordsEndpoint, call);
