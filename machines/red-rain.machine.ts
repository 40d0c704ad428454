import { assign, fromPromise, setup } from 'xstate';
import type { RedRainBody, RedRainResult, TeamMember } from '../contract/agent.ts';
import { redRainMaxMembers } from '../contract/agent.ts';
import { errorCodeOf, moneyMessages, placeholderKey } from './money-types.ts';

/** Message ids of the red envelope rain's own refusals. */
export const redRainMessages = {
  noMembers: 'agent.rain.none',
  tooMany: 'agent.rain.tooMany',
} as const;

export interface RedRainContext {
  /** The account search of the member list ('' lists everyone). */
  account: string;
  candidates: TeamMember[];
  /** The chosen members, in the order they were chosen (kept across searches). */
  selected: TeamMember[];
  /** Minor units per member, once reviewed. */
  amount: number | null;
  /** The idempotency key of the rain being sent: the same rain sent again after a failure is the same request. */
  requestId: string | null;
  /** Which rain `requestId` was made for: its members and amount (`rainKey`). */
  requestFor: string | null;
  result: RedRainResult | null;
  errorCode: string | null;
}

export type RedRainEvent =
  | { type: 'rain.search'; account: string }
  | { type: 'rain.retry' }
  | { type: 'rain.toggle'; member: TeamMember }
  | { type: 'rain.all' }
  | { type: 'rain.none' }
  | { type: 'rain.review'; amount: number }
  | { type: 'rain.back' }
  | { type: 'rain.confirm' }
  | { type: 'rain.again' };

type ReviewEvent = Extract<RedRainEvent, { type: 'rain.review' }>;

const without = (selected: TeamMember[], id: number) => selected.filter((m) => m.id !== id);

/** A rain's identity: its members (in any order) and amount; the same members and amount are the same rain. */
export const rainKey = (selected: readonly TeamMember[], amount: number) => `${amount}:${selected.map((m) => m.id).sort((a, b) => a - b).join(',')}`;

/**
 * Red envelope rain (/m/redRain; AGENTRANSMULTDOWN3): the agent picks team
 * members (`loadCandidates`, searched by account), sets the amount each one
 * gets, reviews the total, and confirms; `sendRain` moves it all in one
 * ledger transaction, all or nothing. The rain carries an idempotency key
 * made when it is reviewed (`newRequestId`) and kept for its members and
 * amount until it is paid: the same members and amount reviewed again after
 * a failed answer (a timeout the server may have paid) are the same request,
 * however the choice was changed and changed back meanwhile, so a rain can
 * never be paid twice; other members or another amount make a new one. With no member, more than
 * `redRainMaxMembers`, or an amount that is not positive, nothing is sent.
 */
export const redRainMachine = setup({
  types: {
    context: {} as RedRainContext,
    events: {} as RedRainEvent,
  },
  actors: {
    loadCandidates: fromPromise<TeamMember[], { account: string }>(async () => {
      throw new Error('loadCandidates is provided by the app');
    }),
    sendRain: fromPromise<RedRainResult, RedRainBody>(async () => {
      throw new Error('sendRain is provided by the app');
    }),
  },
  actions: {
    /** The agent's balance changed (the app reloads the one it shows). */
    rainSent: () => {},
    /** A fresh idempotency key for a new rain; the app provides one from crypto.randomUUID(). */
    newRequestId: assign(({ context }) => ({
      requestId: placeholderKey('rain', context.amount, ...context.selected.map((m) => m.id)),
    })),
  },
  guards: {
    hasNoMembers: ({ context }) => context.selected.length === 0,
    hasTooManyMembers: ({ context }) => context.selected.length > redRainMaxMembers,
    isAmountInvalid: ({ event }) => {
      const { amount } = event as ReviewEvent;
      return !Number.isSafeInteger(amount) || amount <= 0;
    },
    isSameRain: ({ context, event }) => context.requestId !== null && context.requestFor === rainKey(context.selected, (event as ReviewEvent).amount),
  },
}).createMachine({
  id: 'redRain',
  context: { account: '', candidates: [], selected: [], amount: null, requestId: null, requestFor: null, result: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCandidates',
        src: 'loadCandidates',
        input: ({ context }) => ({ account: context.account }),
        onDone: { target: 'picking', actions: assign({ candidates: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: { on: { 'rain.retry': { target: 'loading' } } },
    picking: {
      on: {
        'rain.search': { target: 'loading', actions: assign({ account: ({ event }) => event.account.trim(), errorCode: null }) },
        'rain.toggle': {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.some((m) => m.id === event.member.id) ? without(context.selected, event.member.id) : [...context.selected, event.member],
            errorCode: null,
          }),
        },
        'rain.all': {
          actions: assign({
            selected: ({ context }) => [...context.selected, ...context.candidates.filter((c) => !context.selected.some((m) => m.id === c.id))],
            errorCode: null,
          }),
        },
        'rain.none': { actions: assign({ selected: [], errorCode: null }) },
        'rain.review': [
          { guard: 'isAmountInvalid', actions: assign({ errorCode: moneyMessages.amountRange }) },
          { guard: 'hasNoMembers', actions: assign({ errorCode: redRainMessages.noMembers }) },
          { guard: 'hasTooManyMembers', actions: assign({ errorCode: redRainMessages.tooMany }) },
          { guard: 'isSameRain', target: 'reviewing', actions: assign({ amount: ({ event }) => event.amount, errorCode: null }) },
          {
            target: 'reviewing',
            actions: [assign({ amount: ({ event }) => event.amount, requestFor: ({ context, event }) => rainKey(context.selected, event.amount), errorCode: null }), 'newRequestId'],
          },
        ],
      },
    },
    reviewing: {
      on: {
        'rain.back': { target: 'picking' },
        'rain.confirm': { target: 'sending' },
      },
    },
    sending: {
      invoke: {
        id: 'sendRain',
        src: 'sendRain',
        input: ({ context }) => ({ requestId: context.requestId!, memberIds: context.selected.map((m) => m.id), amount: context.amount! }),
        onDone: { target: 'done', actions: [assign({ result: ({ event }) => event.output, requestId: null, requestFor: null }), 'rainSent'] },
        // The key is kept: reviewing and confirming again sends the same rain.
        onError: { target: 'picking', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    done: {
      on: { 'rain.again': { target: 'loading', actions: assign({ selected: [], amount: null, result: null, errorCode: null }) } },
    },
  },
});
