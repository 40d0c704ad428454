import { assign, fromPromise, setup } from 'xstate';
import {
  type Contract,
  type ContractDecision,
  type ContractKind,
  type ContractOverview,
  type ContractProposal,
  maxContractTiers,
  maxDividendRateBps,
  maxTierAmount,
  tiersProblem,
} from '../contract/agent-contracts.ts';
import { errorCodeOf } from './money-types.ts';
import { recordsMachine } from './records.machine.ts';

/** Message ids of the offer form's own refusals (the server's are its error codes). */
export const contractMessages = {
  accountRequired: 'agent.contract.offer.accountRequired',
  thresholdInvalid: 'agent.contract.offer.thresholdInvalid',
  rewardInvalid: 'agent.contract.offer.rewardInvalid',
  rateInvalid: 'agent.contract.offer.rateInvalid',
  order: 'agent.contract.offer.order',
  count: 'agent.contract.offer.count',
} as const;

/** What the form says when a step succeeded. */
export const contractNotices = {
  offered: 'agent.contract.notice.offered',
  accept: 'agent.contract.notice.accept',
  reject: 'agent.contract.notice.reject',
  withdraw: 'agent.contract.notice.withdraw',
  end: 'agent.contract.notice.end',
} as const satisfies Record<ContractDecision | 'offered', string>;

/**
 * An offer form's error: the field it is about (`account`, `tiers`, `threshold-<row>`, `reward-<row>`,
 * or `form` for a failure about none) and its message id or error code.
 */
export interface OfferError {
  field: string;
  messageId: string;
}

/** A tier as the form read it: minor units (or basis points), NaN where the text was not a number. */
export interface TierDraft {
  threshold: number;
  reward: number;
}

/** Server refusals of a proposal, by the field they are about. */
const offerErrorFields: Readonly<Record<string, string>> = {
  'agent.member.not.found': 'account',
  'contract.pending.exists': 'account',
  'contract.tiers.invalid': 'tiers',
};

const isAmount = (value: number, min: number) => Number.isSafeInteger(value) && value >= min && value <= maxTierAmount;

/**
 * Why an offer cannot be sent, on the field to fix, or null: an account, 1 to 10 tiers, each threshold
 * and reward a whole amount in range, then the contract's own rule (`tiersProblem`: both rising, a
 * dividend's rate at most 100 %). `rows` are the form's row keys, in the order of `tiers`.
 */
export function offerProblem(kind: ContractKind, rows: readonly number[], account: string, tiers: readonly TierDraft[]): OfferError | null {
  if (!account.trim()) return { field: 'account', messageId: contractMessages.accountRequired };
  if (tiers.length < 1 || tiers.length > maxContractTiers || tiers.length !== rows.length) return { field: 'tiers', messageId: contractMessages.count };
  for (const [i, tier] of tiers.entries()) {
    if (!isAmount(tier.threshold, 0)) return { field: `threshold-${rows[i]}`, messageId: contractMessages.thresholdInvalid };
    if (!isAmount(tier.reward, 1)) return { field: `reward-${rows[i]}`, messageId: kind === 'dividend' ? contractMessages.rateInvalid : contractMessages.rewardInvalid };
  }
  switch (tiersProblem(kind, tiers)) {
    case 'count':
      return { field: 'tiers', messageId: contractMessages.count };
    case 'order': {
      const i = tiers.findIndex((tier, j) => j > 0 && (tier.threshold <= tiers[j - 1]!.threshold || tier.reward <= tiers[j - 1]!.reward));
      const field = tiers[i]!.threshold <= tiers[i - 1]!.threshold ? 'threshold' : 'reward';
      return { field: `${field}-${rows[i]}`, messageId: contractMessages.order };
    }
    case 'rate':
      return { field: `reward-${rows[tiers.findIndex((t) => t.reward > maxDividendRateBps)]}`, messageId: contractMessages.rateInvalid };
    default:
      return null;
  }
}

/** Who may take `decision` on `contract` in `overview`: its member on a received proposal, its agent on one it offered. */
export function mayDecide(overview: ContractOverview | null, contractId: number, decision: ContractDecision): Contract | null {
  if (!overview) return null;
  const received = overview.received.find((c) => c.id === contractId);
  const offered = overview.offered.find((c) => c.id === contractId);
  if ((decision === 'accept' || decision === 'reject') && received?.status === 'pending') return received;
  if (decision === 'withdraw' && offered?.status === 'pending') return offered;
  if (decision === 'end' && offered?.status === 'active') return offered;
  return null;
}

export interface ContractInput {
  kind: ContractKind;
}

export interface ContractContext extends ContractInput {
  overview: ContractOverview | null;
  /** Why the overview could not be read. */
  loadError: string | null;
  /** The offer form's tier rows (keys, in order); one to start with, at most `maxContractTiers`. */
  rows: number[];
  nextRow: number;
  offerError: OfferError | null;
  /** The proposal being sent. */
  proposal: ContractProposal | null;
  /** The decision asked for (confirmed, then sent). */
  pending: { contract: Contract; decision: ContractDecision } | null;
  decisionError: string | null;
  /** What the last step did (a message id), shown until the next one. */
  notice: string | null;
}

export type ContractEvent =
  | { type: 'contract.retry' }
  | { type: 'contract.decide'; contractId: number; decision: ContractDecision }
  | { type: 'decision.confirm' }
  | { type: 'decision.cancel' }
  | { type: 'offer.addRow' }
  | { type: 'offer.removeRow'; row: number }
  | { type: 'offer.submit'; account: string; tiers: TierDraft[] };

type DecideEvent = Extract<ContractEvent, { type: 'contract.decide' }>;
type SubmitEvent = Extract<ContractEvent, { type: 'offer.submit' }>;

/** The payout list's child (the records machine, paged). */
export const contractPayoutsId = 'payouts';

/**
 * A contract kind's screen (/m/member/agent/getSalaryContract,
 * getHourContract, getDevidendContract; spec sections 1, 3 and 11):
 * - the caller's contracts of the kind (`loadOverview`): the active one from
 *   its agent, a pending proposal to accept or reject, the history; and, for
 *   an agent (`canOffer`), the contracts it offered that are pending
 *   (withdraw) or active (end). Each decision is confirmed first
 *   (`confirming`), then sent (`deciding`, `decideContract`), and the
 *   overview is read again, also after a refusal (the contract may have
 *   changed meanwhile);
 * - an agent's offer: an account and 1 to 10 tiers (`offer.addRow`,
 *   `offer.removeRow`), checked here first (`offerProblem`: the message on
 *   the field to fix), then sent (`proposing`, `proposeContract`); the
 *   server's refusals land on their field too;
 * - the payouts of the kind, received or paid: a child running the records
 *   machine (`contractPayoutsId`), paged with "load more".
 */
export const contractMachine = setup({
  types: {
    context: {} as ContractContext,
    events: {} as ContractEvent,
    input: {} as ContractInput,
  },
  actors: {
    loadOverview: fromPromise<ContractOverview, { kind: ContractKind }>(async () => {
      throw new Error('loadOverview is provided by the app');
    }),
    decideContract: fromPromise<Contract, { contractId: number; decision: ContractDecision }>(async () => {
      throw new Error('decideContract is provided by the app');
    }),
    proposeContract: fromPromise<Contract, ContractProposal>(async () => {
      throw new Error('proposeContract is provided by the app');
    }),
    /** The kind's payouts: the records machine, given the payouts endpoint by the app (its filter's `types` is the kind). */
    payouts: recordsMachine,
  },
  guards: {
    mayDecide: ({ context, event }) => {
      const { contractId, decision } = event as DecideEvent;
      return mayDecide(context.overview, contractId, decision) !== null;
    },
    cannotOffer: ({ context }) => context.overview?.canOffer !== true,
    isOfferInvalid: ({ context, event }) => {
      const { account, tiers } = event as SubmitEvent;
      return offerProblem(context.kind, context.rows, account, tiers) !== null;
    },
    canAddRow: ({ context }) => context.rows.length < maxContractTiers,
    canRemoveRow: ({ context }) => context.rows.length > 1,
  },
}).createMachine({
  id: 'contract',
  context: ({ input }) => ({
    kind: input.kind,
    overview: null,
    loadError: null,
    rows: [0],
    nextRow: 1,
    offerError: null,
    proposal: null,
    pending: null,
    decisionError: null,
    notice: null,
  }),
  invoke: {
    id: contractPayoutsId,
    src: 'payouts',
    input: ({ context }) => ({ filter: { types: context.kind, startDate: null, endDate: null } }),
  },
  initial: 'loading',
  states: {
    loading: {
      // The last overview stays on screen while it is read again.
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'ready', actions: assign({ overview: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'contract.retry': { target: 'loading', actions: assign({ loadError: null }) } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'contract.decide': {
              guard: 'mayDecide',
              target: 'confirming',
              actions: assign({
                pending: ({ context, event }) => ({ contract: mayDecide(context.overview, event.contractId, event.decision)!, decision: event.decision }),
                decisionError: null,
                notice: null,
              }),
            },
            'offer.addRow': {
              guard: 'canAddRow',
              actions: assign({ rows: ({ context }) => [...context.rows, context.nextRow], nextRow: ({ context }) => context.nextRow + 1 }),
            },
            'offer.removeRow': {
              guard: 'canRemoveRow',
              actions: assign({
                rows: ({ context, event }) => context.rows.filter((row) => row !== event.row),
                offerError: ({ context, event }) => (context.offerError?.field.endsWith(`-${event.row}`) ? null : context.offerError),
              }),
            },
            'offer.submit': [
              { guard: 'cannotOffer' },
              {
                guard: 'isOfferInvalid',
                actions: assign({ offerError: ({ context, event }) => offerProblem(context.kind, context.rows, event.account, event.tiers), notice: null }),
              },
              {
                target: 'proposing',
                actions: assign({
                  proposal: ({ context, event }) => ({ kind: context.kind, account: event.account.trim(), tiers: event.tiers.map((t) => ({ threshold: t.threshold, reward: t.reward })) }),
                  offerError: null,
                  notice: null,
                }),
              },
            ],
          },
        },
        confirming: {
          on: {
            'decision.confirm': { target: 'deciding' },
            'decision.cancel': { target: 'idle', actions: assign({ pending: null }) },
          },
        },
        deciding: {
          invoke: {
            id: 'decideContract',
            src: 'decideContract',
            input: ({ context }) => ({ contractId: context.pending!.contract.id, decision: context.pending!.decision }),
            onDone: {
              target: '#contract.loading',
              actions: assign({ notice: ({ context }) => contractNotices[context.pending!.decision], pending: null }),
            },
            // The contract may have changed meanwhile (withdrawn, ended, decided elsewhere): read it again.
            onError: { target: '#contract.loading', actions: assign({ decisionError: ({ event }) => errorCodeOf(event.error), pending: null }) },
          },
        },
        proposing: {
          invoke: {
            id: 'proposeContract',
            src: 'proposeContract',
            input: ({ context }) => context.proposal!,
            onDone: {
              target: '#contract.loading',
              actions: assign({
                notice: contractNotices.offered,
                proposal: null,
                // The form starts again with one empty row.
                rows: [0],
                nextRow: 1,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                offerError: ({ event }) => {
                  const code = errorCodeOf(event.error);
                  return { field: offerErrorFields[code] ?? 'form', messageId: code };
                },
                proposal: null,
              }),
            },
          },
        },
      },
    },
  },
});
