import { assign, fromPromise, setup } from 'xstate';
import type { Affiliate, OpenAccountPayload, OpenAccountResult } from '../contract/agent.ts';
import { copyFailedCode } from './member-profile.machine.ts';
import { errorValueOf } from './identity-types.ts';
import { errorCodeOf } from './money-types.ts';

/** The agent's affiliate code and the full link on this site. */
export interface AffiliateLinks extends Affiliate {
  link: string;
}

export type AffiliatePart = 'code' | 'link';

export interface OpenAccountContext {
  affiliate: AffiliateLinks | null;
  affiliateError: string | null;
  /** The account just opened. */
  opened: OpenAccountResult | null;
  /** The server's refusal of the form, and the field it names. */
  errorCode: string | null;
  errorField: string | null;
  copied: AffiliatePart | null;
  copyError: string | null;
}

export type OpenAccountEvent =
  | { type: 'account.submit'; payload: OpenAccountPayload }
  | { type: 'account.another' }
  | { type: 'affiliate.retry' }
  | { type: 'affiliate.copy'; part: AffiliatePart };

/** The field a refusal names (`{ field }`, the failure's value), if any. */
function fieldOf(error: unknown): string | null {
  const value = errorValueOf(error) as { field?: unknown } | undefined;
  return typeof value?.field === 'string' ? value.field : null;
}

/**
 * Open account (/m/agentRegister; spec section 2, the agency centre's footer):
 * two regions.
 * - `form`: the agent opens a member or a sub-agent in the direct downline
 *   (`openAccount`, checked by the server with the registration rules); a
 *   refusal shows its message at the field it names and keeps what was
 *   typed; the account opened is shown with "open another".
 * - `affiliate`: the agent's affiliate code and link (`loadAffiliate`), each
 *   copied to the clipboard (`copyText`) with "Copy successful" for
 *   `copiedToast`.
 */
export const openAccountMachine = setup({
  types: {
    context: {} as OpenAccountContext,
    events: {} as OpenAccountEvent,
  },
  actors: {
    openAccount: fromPromise<OpenAccountResult, OpenAccountPayload>(async () => {
      throw new Error('openAccount is provided by the app');
    }),
    loadAffiliate: fromPromise<AffiliateLinks>(async () => {
      throw new Error('loadAffiliate is provided by the app');
    }),
    copyText: fromPromise<void, { text: string }>(async () => {
      throw new Error('copyText is provided by the app');
    }),
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    copiedToast: 1000,
  },
}).createMachine({
  id: 'openAccount',
  context: { affiliate: null, affiliateError: null, opened: null, errorCode: null, errorField: null, copied: null, copyError: null },
  type: 'parallel',
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: { 'account.submit': { target: 'submitting', actions: assign({ errorCode: null, errorField: null }) } },
        },
        submitting: {
          invoke: {
            id: 'openAccount',
            src: 'openAccount',
            input: ({ event }) => (event as Extract<OpenAccountEvent, { type: 'account.submit' }>).payload,
            onDone: { target: 'opened', actions: assign({ opened: ({ event }) => event.output }) },
            onError: {
              target: 'editing',
              actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error), errorField: ({ event }) => fieldOf(event.error) }),
            },
          },
        },
        opened: {
          on: { 'account.another': { target: 'editing', actions: assign({ opened: null }) } },
        },
      },
    },
    affiliate: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadAffiliate',
            src: 'loadAffiliate',
            onDone: { target: 'ready', actions: assign({ affiliate: ({ event }) => event.output, affiliateError: null }) },
            onError: { target: 'failed', actions: assign({ affiliateError: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        failed: { on: { 'affiliate.retry': { target: 'loading' } } },
        ready: {
          type: 'parallel',
          states: {
            action: {
              initial: 'idle',
              states: {
                idle: {
                  on: { 'affiliate.copy': { target: 'copying', actions: assign({ copied: ({ event }) => event.part, copyError: null }) } },
                },
                copying: {
                  invoke: {
                    id: 'copyText',
                    src: 'copyText',
                    input: ({ context }) => ({ text: context.copied === 'code' ? context.affiliate!.code : context.affiliate!.link }),
                    onDone: { target: ['idle', '#openAccount.affiliate.ready.toast.shown'] },
                    onError: { target: 'idle', actions: assign({ copied: null, copyError: copyFailedCode }) },
                  },
                },
              },
            },
            toast: {
              initial: 'hidden',
              states: {
                hidden: {},
                shown: { after: { copiedToast: { target: 'hidden' } } },
              },
            },
          },
        },
      },
    },
  },
});
