import { assign, fromPromise, setup } from 'xstate';
import type { RebateGameType, RebateMember, RebateRate, RebateSettings, RebateUpdate } from '../contract/agent-contracts.ts';
import { errorCodeOf } from './money-types.ts';

/** Message ids of a rate field's refusals (the view adds the agent's own rate to `above`). */
export const rebateMessages = {
  invalid: 'agent.rebate.rate.invalid',
  negative: 'agent.rebate.rate.negative',
  above: 'agent.rebate.rate.above',
} as const;
export type RateProblem = keyof typeof rebateMessages;

/**
 * A rate as typed, as a percentage with at most two decimals (`1.25`, `1,25`, `3`), in basis points
 * (`125`); or why it is not one.
 */
export function parseRate(text: string): number | 'invalid' | 'negative' {
  const clean = text.trim().replace(/\s/g, '').replace(/%$/, '');
  const match = /^(-?)(\d{0,4})(?:[.,](\d{0,2}))?$/.exec(clean);
  if (!match || `${match[2]}${match[3] ?? ''}` === '') return 'invalid';
  const bps = Number(match[2] || '0') * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (match[1] === '-' && bps > 0) return 'negative';
  return bps;
}

/** Basis points as the plain text of a rate field (`125` -> `1.25`). */
export const rateText = (bps: number) => `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;

/** The rate of a game type in a list of rates (0 where none is set). */
export const rateOf = (rates: readonly RebateRate[], gameType: RebateGameType) => rates.find((r) => r.gameType === gameType)?.rateBps ?? 0;

/** The rates typed in the form, by game type (a game type left out keeps its rate). */
export type RateTexts = Partial<Record<RebateGameType, string>>;

/** Each field's problem: not a number, negative, or above the agent's own rate of that game type. */
export function rateProblems(own: readonly RebateRate[], texts: RateTexts): Partial<Record<RebateGameType, RateProblem>> {
  const problems: Partial<Record<RebateGameType, RateProblem>> = {};
  for (const [gameType, text] of Object.entries(texts) as [RebateGameType, string][]) {
    const rate = parseRate(text);
    if (typeof rate === 'string') problems[gameType] = rate;
    else if (rate > rateOf(own, gameType)) problems[gameType] = 'above';
  }
  return problems;
}

/** The rates of the form that differ from the member's, in the order they were typed. */
export function changedRates(member: RebateMember, texts: RateTexts): RebateRate[] {
  return (Object.entries(texts) as [RebateGameType, string][])
    .map(([gameType, text]) => ({ gameType, rateBps: parseRate(text) as number }))
    .filter(({ gameType, rateBps }) => rateBps !== rateOf(member.rates, gameType));
}

export interface RebateSettingsRequest {
  /** The start of a member's account ('' lists every direct member). */
  account: string;
  pageNo: number;
}

export interface RebateSettingsContext {
  account: string;
  /** The agent's own rates: the ceiling of its members'. */
  own: RebateRate[];
  members: RebateMember[];
  pageNum: number;
  totalPages: number;
  total: number;
  /** The member whose rates the form edits. */
  editing: RebateMember | null;
  /** The form's refusals, per game type. */
  problems: Partial<Record<RebateGameType, RateProblem>>;
  /** The update being sent. */
  update: RebateUpdate | null;
  /** The member whose rates were saved last. */
  saved: RebateMember | null;
  /** Why the list could not be loaded (or its next page). */
  errorCode: string | null;
  /** Why the server refused the form's rates. */
  saveErrorCode: string | null;
}

export type RebateSettingsEvent =
  | { type: 'rebate.search'; account: string }
  | { type: 'rebate.more' }
  | { type: 'rebate.retry' }
  | { type: 'rebate.edit'; memberId: number }
  | { type: 'rebate.cancel' }
  | { type: 'rebate.save'; rates: RateTexts };

type SaveEvent = Extract<RebateSettingsEvent, { type: 'rebate.save' }>;

const pageOf = (settings: RebateSettings) => ({
  own: settings.own,
  pageNum: settings.members.pageNum,
  totalPages: settings.members.totalPages,
  total: settings.members.total,
});

/**
 * Rebate settings (/m/member/agent/agentRebeat; GAMSER): the agent's own
 * rates per game type, and its direct members' (`loadSettings`: searched by
 * account prefix, paged; `rebate.more` appends the next page, a failed next
 * page keeps the rows and is tried again on the next `rebate.more`).
 * `rebate.edit` opens a member's form; `rebate.save` checks every field (a
 * percentage with two decimals, not negative, at most the agent's own rate)
 * and sends nothing while one is refused; a form that changes nothing closes;
 * otherwise `saveRates` sends the changed rates, and the member's row takes
 * the server's answer. A refusal of the server stays on the form.
 */
export const rebateSettingsMachine = setup({
  types: {
    context: {} as RebateSettingsContext,
    events: {} as RebateSettingsEvent,
  },
  actors: {
    loadSettings: fromPromise<RebateSettings, RebateSettingsRequest>(async () => {
      throw new Error('loadSettings is provided by the app');
    }),
    saveRates: fromPromise<RebateMember, RebateUpdate>(async () => {
      throw new Error('saveRates is provided by the app');
    }),
  },
  guards: {
    hasMore: ({ context }) => context.pageNum < context.totalPages,
    isMemberListed: ({ context, event }) => context.members.some((m) => m.id === (event as Extract<RebateSettingsEvent, { type: 'rebate.edit' }>).memberId),
    hasRateProblems: ({ context, event }) => Object.keys(rateProblems(context.own, (event as SaveEvent).rates)).length > 0,
    isUnchanged: ({ context, event }) => context.editing !== null && changedRates(context.editing, (event as SaveEvent).rates).length === 0,
  },
}).createMachine({
  id: 'rebateSettings',
  context: { account: '', own: [], members: [], pageNum: 0, totalPages: 0, total: 0, editing: null, problems: {}, update: null, saved: null, errorCode: null, saveErrorCode: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ members: [], pageNum: 0, totalPages: 0, total: 0, editing: null, problems: {}, update: null, saved: null, saveErrorCode: null }),
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ account: context.account, pageNo: 1 }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...pageOf(event.output), members: event.output.members.list, errorCode: null })) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: { on: { 'rebate.retry': { target: 'loading', actions: assign({ errorCode: null }) } } },
    ready: {
      type: 'parallel',
      on: { 'rebate.search': { target: 'loading', actions: assign({ account: ({ event }) => event.account.trim(), errorCode: null }) } },
      states: {
        list: {
          initial: 'idle',
          states: {
            idle: { on: { 'rebate.more': { guard: 'hasMore', target: 'loadingMore' } } },
            loadingMore: {
              invoke: {
                id: 'loadMoreSettings',
                src: 'loadSettings',
                input: ({ context }) => ({ account: context.account, pageNo: context.pageNum + 1 }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    ...pageOf(event.output),
                    members: [...context.members, ...event.output.members.list.filter((m) => !context.members.some((c) => c.id === m.id))],
                    errorCode: null,
                  })),
                },
                onError: { target: 'moreFailed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
              },
            },
            moreFailed: { on: { 'rebate.more': { target: 'loadingMore', actions: assign({ errorCode: null }) } } },
          },
        },
        form: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'rebate.edit': {
                  guard: 'isMemberListed',
                  target: 'editing',
                  actions: assign({
                    editing: ({ context, event }) => context.members.find((m) => m.id === event.memberId) ?? null,
                    problems: {},
                    saved: null,
                    saveErrorCode: null,
                  }),
                },
              },
            },
            editing: {
              on: {
                'rebate.cancel': { target: 'closed', actions: assign({ editing: null, problems: {}, saveErrorCode: null }) },
                'rebate.save': [
                  { guard: 'hasRateProblems', actions: assign({ problems: ({ context, event }) => rateProblems(context.own, event.rates), saveErrorCode: null }) },
                  { guard: 'isUnchanged', target: 'closed', actions: assign({ editing: null, problems: {}, saveErrorCode: null }) },
                  {
                    target: 'saving',
                    actions: assign({
                      problems: {},
                      saveErrorCode: null,
                      update: ({ context, event }) => ({ memberId: context.editing!.id, rates: changedRates(context.editing!, event.rates) }),
                    }),
                  },
                ],
              },
            },
            saving: {
              invoke: {
                id: 'saveRates',
                src: 'saveRates',
                input: ({ context }) => context.update!,
                onDone: {
                  target: 'closed',
                  actions: assign(({ context, event }) => ({
                    members: context.members.map((m) => (m.id === event.output.id ? event.output : m)),
                    saved: event.output,
                    editing: null,
                    update: null,
                  })),
                },
                onError: { target: 'editing', actions: assign({ update: null, saveErrorCode: ({ event }) => errorCodeOf(event.error) }) },
              },
            },
          },
        },
      },
    },
  },
});
