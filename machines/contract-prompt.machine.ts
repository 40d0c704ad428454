import { assign, fromPromise, setup } from 'xstate';
import { type ContractKind, type ContractRequests, contractRequestFields } from '../contract/agent-contracts.ts';
import type { Navigation, RoutePath } from '../contract/route-paths.ts';
import { checksContracts } from './contract-check.ts';

/** The screen of each contract kind (spec section 1). */
export const contractScreenPaths = {
  salary: '/m/member/agent/getSalaryContract',
  dividend: '/m/member/agent/getDevidendContract',
  hourly: '/m/member/agent/getHourContract',
} as const satisfies Record<ContractKind, RoutePath>;

/** The kinds with a proposal awaiting the member (a non-empty request field), in the order the prompts ask. */
export const awaitingKinds = (requests: ContractRequests): ContractKind[] =>
  contractRequestFields.filter(([, field]) => requests[field].trim() !== '').map(([kind]) => kind);

export interface ContractPromptInput {
  /** The signed-in member's type. */
  memberType: number;
  /** The session it asks for (its token): the prompts run once per session. */
  session: string;
}

export interface ContractPromptContext extends ContractPromptInput {
  /** The kinds still to ask about, the one on screen first. */
  kinds: ContractKind[];
}

export type ContractPromptEvent = { type: 'prompt.go' } | { type: 'prompt.cancel' };

/**
 * The home's contract prompts (spec sections 3, 4, 5 and 8): once per
 * session, a signed-in member whose type the check does not skip
 * (`skipsContractCheck`: 4, 40, 41, 42) is asked which proposals await it
 * (`loadRequests`). For each kind with one, in the order of
 * `contractRequestFields` (daily salary, dividend, hourly salary), a confirm
 * asks whether to go to the kind's contract screen: "go" opens it (`goTo`,
 * through the app's navigation) and ends the prompts; "cancel" asks about
 * the next kind. A failed request ends quietly (the spec shows no error).
 */
export const contractPromptMachine = setup({
  types: {
    context: {} as ContractPromptContext,
    events: {} as ContractPromptEvent,
    input: {} as ContractPromptInput,
  },
  actors: {
    loadRequests: fromPromise<ContractRequests>(async () => {
      throw new Error('loadRequests is provided by the app');
    }),
  },
  actions: {
    /** Goes to a page of the site (the app machine's `navigate`, src/app/navigation.ts). */
    goTo: (_, _params: Navigation) => {},
  },
  guards: {
    skipsContractCheck: ({ context }) => !checksContracts(context.memberType),
    hasNoKindLeft: ({ context }) => context.kinds.length === 0,
  },
}).createMachine({
  id: 'contractPrompt',
  context: ({ input }) => ({ ...input, kinds: [] }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'skipsContractCheck', target: 'done' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadRequests',
        src: 'loadRequests',
        onDone: { target: 'asking', actions: assign({ kinds: ({ event }) => awaitingKinds(event.output) }) },
        onError: { target: 'done' },
      },
    },
    asking: {
      always: { guard: 'hasNoKindLeft', target: 'done' },
      on: {
        'prompt.go': { target: 'done', actions: { type: 'goTo', params: ({ context }) => ({ to: contractScreenPaths[context.kinds[0]!] }) } },
        'prompt.cancel': { actions: assign({ kinds: ({ context }) => context.kinds.slice(1) }) },
      },
    },
    done: { type: 'final' },
  },
});
