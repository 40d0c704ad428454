import { assign, fromPromise, setup } from 'xstate';
import type { ReferralSummary } from '../contract/referral.ts';
import { copyFailedCode } from './member-profile.machine.ts';
import { errorCodeOf, moneyMessages } from './money-types.ts';

/** The member's referral as the screen shows it: the server's summary and the full link on this site. */
export interface Referral extends ReferralSummary {
  link: string;
}

export type ReferralPart = 'code' | 'link';

export interface InviteFriendsInput {
  /** A trial account (type 4): it has no referral and is refused at once. */
  isTrial: boolean;
  /** Whether the device can hand the link to another app (the Web Share API). */
  canShare: boolean;
}

export interface InviteFriendsContext extends InviteFriendsInput {
  referral: Referral | null;
  /** What the last copy put on the clipboard (the toast says which). */
  copied: ReferralPart | null;
  errorCode: string | null;
}

export type InviteFriendsEvent =
  | { type: 'referral.retry' }
  | { type: 'referral.copy'; part: ReferralPart }
  | { type: 'referral.share' };

/**
 * Invite friends (/m/inviteFriends; spec sections 2 and 6): `loadReferral`
 * reads the member's referral code and counts (a trial account is refused at
 * once, free_reject; an agent or a merchant without the referral program is
 * refused by the server). Copying the code or the link writes it to the
 * clipboard (`copyText`) and "Copy successful" shows for `copiedToast` (spec
 * section 9: a success toast lasts 1 s); on a device that can share, Share
 * hands the link to another app (`shareLink`; a share the member cancels is
 * no error), elsewhere it copies the link. The invited friends are a record
 * list of their own (records.machine.ts).
 */
export const inviteFriendsMachine = setup({
  types: {
    context: {} as InviteFriendsContext,
    events: {} as InviteFriendsEvent,
    input: {} as InviteFriendsInput,
  },
  actors: {
    loadReferral: fromPromise<Referral>(async () => {
      throw new Error('loadReferral is provided by the app');
    }),
    copyText: fromPromise<void, { text: string }>(async () => {
      throw new Error('copyText is provided by the app');
    }),
    shareLink: fromPromise<void, { link: string }>(async () => {
      throw new Error('shareLink is provided by the app');
    }),
  },
  guards: {
    isTrial: ({ context }) => context.isTrial,
    canShare: ({ context }) => context.canShare,
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    copiedToast: 1000,
  },
}).createMachine({
  id: 'inviteFriends',
  context: ({ input }) => ({ ...input, referral: null, copied: null, errorCode: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isTrial', target: 'rejected', actions: assign({ errorCode: moneyMessages.freeReject }) }, { target: 'loading' }],
    },
    rejected: {},
    loading: {
      invoke: {
        id: 'loadReferral',
        src: 'loadReferral',
        onDone: { target: 'ready', actions: assign({ referral: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'referral.retry': { target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      states: {
        action: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'referral.copy': { target: 'copying', actions: assign({ copied: ({ event }) => event.part, errorCode: null }) },
                'referral.share': [
                  { guard: 'canShare', target: 'sharing', actions: assign({ errorCode: null }) },
                  { target: 'copying', actions: assign({ copied: 'link', errorCode: null }) },
                ],
              },
            },
            copying: {
              invoke: {
                id: 'copyText',
                src: 'copyText',
                input: ({ context }) => ({ text: context.copied === 'code' ? context.referral!.code : context.referral!.link }),
                onDone: { target: ['idle', '#inviteFriends.ready.toast.shown'] },
                onError: { target: 'idle', actions: assign({ copied: null, errorCode: copyFailedCode }) },
              },
            },
            sharing: {
              invoke: {
                id: 'shareLink',
                src: 'shareLink',
                input: ({ context }) => ({ link: context.referral!.link }),
                onDone: { target: 'idle' },
                onError: { target: 'idle' },
              },
            },
          },
        },
        /** "Copy successful", beside the actions: the member may copy the other one meanwhile. */
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
});
