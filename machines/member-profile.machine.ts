import { assign, fromPromise, setup } from 'xstate';
import type { AccountField, MemberInfo } from '../contract/member.ts';
import { errorCodeOf } from './identity-types.ts';

/** What a field's rule says (the merchant's registration rule of the same field). */
export interface FieldRuleLike {
  pattern: string | null;
  maxLength: number;
}

/** Everything the member screens show of the member: info, head icon, balance and the account fields' rules. */
export interface MemberProfile {
  info: MemberInfo;
  /** The head icon as a data URL, or null for the default avatar. */
  icon: string | null;
  /** The wallet's total in minor units, with its currency. */
  balance: { sumBalance: number; currency: { code: string; symbol: string; minorUnits: number } };
  rules: Record<AccountField, FieldRuleLike>;
  /** The merchant's bet record switch (TRANSBETREPMEM3, spec section 6): the bet record entry shows only with it. */
  betRecord: boolean;
  /** The referral program (REFERRAL3): invite friends is offered to members who are not agents. */
  referral: boolean;
}

export interface MemberProfileContext {
  profile: MemberProfile | null;
  errorCode: string | null;
}

export type MemberProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'profile.reload' }
  /** A field was saved elsewhere (my account): show it at once. */
  | { type: 'profile.field'; field: AccountField; value: string }
  /** A new head icon was uploaded. */
  | { type: 'profile.icon'; icon: string; iconVersion: number }
  /** The copy button of the member ID. */
  | { type: 'id.copy' };

/** Message id of the copy that did not reach the clipboard. */
export const copyFailedCode = 'member.copy.failed';

/**
 * The member as the member center (/m/member/home), the right-side member
 * menu and my account (/m/myAccount/index) show it (spec sections 2 and 3):
 * `loadProfile` reads the member info, head icon, wallet and the account
 * fields' rules together; a failure offers a retry. While it is shown, the
 * member ID's copy button writes the ID to the clipboard (`copyText`) and
 * the copy-success toast shows for `copiedToast` (spec section 9: a success
 * toast lasts 1 s); a field saved or an icon uploaded elsewhere is shown at
 * once.
 */
export const memberProfileMachine = setup({
  types: {
    context: {} as MemberProfileContext,
    events: {} as MemberProfileEvent,
  },
  actors: {
    loadProfile: fromPromise<MemberProfile>(async () => {
      throw new Error('loadProfile is provided by the app');
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
  id: 'memberProfile',
  context: { profile: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'ready', actions: assign({ profile: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'profile.retry': { target: 'loading', actions: assign({ errorCode: null }) } },
    },
    ready: {
      initial: 'idle',
      on: {
        'profile.reload': { target: 'loading' },
        'profile.field': {
          actions: assign({
            profile: ({ context, event }) =>
              context.profile && { ...context.profile, info: { ...context.profile.info, [event.field]: event.value } },
          }),
        },
        'profile.icon': {
          actions: assign({
            profile: ({ context, event }) =>
              context.profile && { ...context.profile, icon: event.icon, info: { ...context.profile.info, iconVersion: event.iconVersion } },
          }),
        },
      },
      states: {
        idle: {
          on: { 'id.copy': { target: 'copying', actions: assign({ errorCode: null }) } },
        },
        copying: {
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: String(context.profile?.info.id ?? '') }),
            onDone: { target: 'copied' },
            onError: { target: 'idle', actions: assign({ errorCode: copyFailedCode }) },
          },
        },
        copied: {
          after: { copiedToast: { target: 'idle' } },
          on: { 'id.copy': { target: 'copying' } },
        },
      },
    },
  },
});
