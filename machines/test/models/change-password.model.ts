/** The change-password machine's model: inputs and events of its model-based test and of `npm run paths change-password`. */
import { type ChangePasswordInput, changePasswordMachine } from '../../change-password.machine.ts';
import type { MachineModel } from '../model.ts';

export const REDIRECT = 'xstate.after.redirectAfterChange.changePassword.changed';
export const inputs: ChangePasswordInput[] = [{ hasCachedPassword: false }, { hasCachedPassword: true }];
const good = { type: 'form.submit', oldPassword: 'Old#2026', newPassword: 'New#2026', confirmNewPassword: 'New#2026' };
const same = { type: 'form.submit', oldPassword: 'Old#2026', newPassword: 'Old#2026', confirmNewPassword: 'Old#2026' };
const mismatch = { type: 'form.submit', oldPassword: 'Old#2026', newPassword: 'New#2026', confirmNewPassword: 'New#2027' };
const noOld = { type: 'form.submit', newPassword: 'New#2026', confirmNewPassword: 'New#2026' };

export const changePasswordModel: MachineModel<typeof changePasswordMachine> = {
  machine: changePasswordMachine,
  aspects: [
    {
      name: 'the form, the same-password popup and the redirect',
      inputs,
      events: [
        good,
        same,
        mismatch,
        noOld,
        { type: 'popup.close' },
        { type: 'xstate.done.actor.submitChangePassword' },
        { type: 'xstate.error.actor.submitChangePassword', error: { kind: 'server', errorCode: 'modify.new.old.same' } },
        { type: 'xstate.error.actor.submitChangePassword', error: { kind: 'server', errorCode: 'password.old.wrong' } },
        { type: REDIRECT },
      ],
    },
  ],
};
