/** The account field's model: inputs and events of its model-based test and of `npm run paths account-field`. */
import { accountFieldMachine } from '../../account-field.machine.ts';
import type { MachineModel } from '../model.ts';

export const nicknameRule = { pattern: '^[^<>]{1,20}$', maxLength: 20 };
export const payeeRule = { pattern: "^[A-Za-z\\u00C0-\\u024F\\u4E00-\\u9FFF .'-]{2,50}$", maxLength: 50 };

export const SAVED_TOAST = 'xstate.after.savedToast.accountField.saved';

export const accountFieldModel: MachineModel<typeof accountFieldMachine> = {
  machine: accountFieldMachine,
  aspects: [
    {
      name: 'a value checked, saved or refused; a payee name already set',
      inputs: [
        { field: 'nickname', current: null, rule: nicknameRule, locked: false },
        { field: 'payeeName', current: 'Patricia Santos', rule: payeeRule, locked: true },
      ],
      events: [
        { type: 'field.submit', value: '  Lucky Pat ' },
        { type: 'field.submit', value: '<b>' },
        { type: 'field.cancel' },
        { type: 'xstate.done.actor.saveField', output: undefined },
        { type: 'xstate.error.actor.saveField', error: { errorCode: 'member.nickname.invalid' } },
        { type: SAVED_TOAST },
      ],
    },
  ],
};
