/** The payment password's model: inputs and events of its model-based test and of `npm run paths payment-password`. */
import { paymentPasswordMachine } from '../../payment-password.machine.ts';
import type { MachineModel } from '../model.ts';

export const SAVED_TOAST = 'xstate.after.savedToast.paymentPassword.saved';

export const paymentPasswordModel: MachineModel<typeof paymentPasswordMachine> = {
  machine: paymentPasswordMachine,
  aspects: [
    {
      name: 'set the first time, changed with the old one, reset with the login password; refused or cancelled',
      inputs: [{ hasPassword: false }, { hasPassword: true }],
      events: [
        { type: 'pin.submit', proof: '654321', newPassword: '123456', confirmPassword: '123456' },
        { type: 'pin.submit', proof: 'Player#2026', newPassword: '123456', confirmPassword: '123456' },
        { type: 'pin.submit', proof: '', newPassword: '123456', confirmPassword: '123456' },
        { type: 'pin.submit', proof: '', newPassword: '12345', confirmPassword: '12345' },
        { type: 'pin.submit', proof: '', newPassword: '123456', confirmPassword: '123457' },
        { type: 'pin.forgot' },
        { type: 'pin.cancel' },
        { type: 'xstate.done.actor.savePin', output: undefined },
        { type: 'xstate.error.actor.savePin', error: { errorCode: 'withdraw.password.incorrect' } },
        { type: SAVED_TOAST },
      ],
    },
  ],
};
