import { assign, fromPromise, setup } from 'xstate';
import type { AccountField } from '../contract/member.ts';
import { errorCodeOf } from './identity-types.ts';
import type { FieldRuleLike } from './member-profile.machine.ts';

export interface AccountFieldInput {
  field: AccountField;
  /** The value shown now (null when none is set). */
  current: string | null;
  rule: FieldRuleLike;
  /** Whether the member may change it (a payee name, once set, is changed by the operator only). */
  locked: boolean;
}

export interface AccountFieldContext extends AccountFieldInput {
  /** The trimmed value being saved. */
  draft: string;
  /** The value saved, once saved. */
  saved: string | null;
  errorCode: string | null;
}

export type AccountFieldEvent = { type: 'field.submit'; value: string } | { type: 'field.cancel' };

/** Message ids of the machine's own refusals: each field's format message (the server's codes for the same rules). */
export const accountFieldMessages: Record<AccountField, string> = {
  nickname: 'member.nickname.invalid',
  email: 'register.email.invalid',
  payeeName: 'register.name.invalid',
};

/** Spec section 5: an e-mail is shorter than 255 characters. */
const emailMax = 254;

/** Whether a trimmed value passes the field's rule (a rule whose pattern does not compile checks the length only). */
export function passesRule(field: AccountField, value: string, rule: FieldRuleLike): boolean {
  const max = field === 'email' ? Math.min(rule.maxLength, emailMax) : rule.maxLength;
  if (value.length === 0 || value.length > max) return false;
  if (!rule.pattern) return true;
  try {
    return new RegExp(rule.pattern, 'u').test(value);
  } catch {
    return true;
  }
}

/**
 * Editing one account field on my account (/m/myAccount/index: nickname,
 * e-mail or payee name; spec sections 3 and 7). A value is trimmed and
 * checked against the field's rule before anything is sent (its format
 * message otherwise); `saveField` saves it; the "Change saved" toast shows
 * for `savedToast` (spec section 9: a success toast lasts 1 s) and the
 * machine ends with the saved value. A payee name already set is `locked`:
 * nothing can be sent. Cancel ends it with nothing saved.
 */
export const accountFieldMachine = setup({
  types: {
    context: {} as AccountFieldContext,
    events: {} as AccountFieldEvent,
    input: {} as AccountFieldInput,
    output: {} as { saved: string | null },
  },
  actors: {
    saveField: fromPromise<void, { field: AccountField; value: string }>(async () => {
      throw new Error('saveField is provided by the app');
    }),
  },
  actions: {
    /** Tells who shows the member (the profile) about the saved value. */
    fieldSaved: (_, _params: { field: AccountField; value: string }) => {},
  },
  guards: {
    isLocked: ({ context }) => context.locked,
    isInvalid: ({ context, event }) => event.type === 'field.submit' && !passesRule(context.field, event.value.trim(), context.rule),
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    savedToast: 1000,
  },
}).createMachine({
  id: 'accountField',
  context: ({ input }) => ({ ...input, draft: '', saved: null, errorCode: null }),
  initial: 'checking',
  output: ({ context }) => ({ saved: context.saved }),
  states: {
    checking: {
      always: [{ guard: 'isLocked', target: 'locked' }, { target: 'editing' }],
    },
    locked: {
      on: { 'field.cancel': { target: 'cancelled' } },
    },
    editing: {
      on: {
        'field.submit': [
          { guard: 'isInvalid', actions: assign({ errorCode: ({ context }) => accountFieldMessages[context.field] }) },
          { target: 'saving', actions: assign({ draft: ({ event }) => event.value.trim(), errorCode: null }) },
        ],
        'field.cancel': { target: 'cancelled' },
      },
    },
    saving: {
      invoke: {
        id: 'saveField',
        src: 'saveField',
        input: ({ context }) => ({ field: context.field, value: context.draft }),
        onDone: {
          target: 'saved',
          actions: [
            assign({ saved: ({ context }) => context.draft, current: ({ context }) => context.draft }),
            { type: 'fieldSaved', params: ({ context }) => ({ field: context.field, value: context.draft }) },
          ],
        },
        onError: { target: 'editing', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    saved: {
      after: { savedToast: { target: 'done' } },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
