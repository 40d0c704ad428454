/** The KYC center's model: inputs and events of its model-based test and of `npm run paths kyc`. */
import type { KycState } from '../../../contract/kyc.ts';
import type { PickedIcon } from '../../avatar-upload.machine.ts';
import { kycMachine } from '../../kyc.machine.ts';
import type { MachineModel } from '../model.ts';

export const notSent: KycState = { status: 'none', submittedAt: null, reviewedAt: null, reason: null, requiredForWithdrawal: true };
export const pending: KycState = { ...notSent, status: 'pending', submittedAt: '2026-11-28T05:00:00.000Z' };

export const frontImage: PickedIcon = { name: 'front.jpg', type: 'image/jpeg', size: 200_000, file: 'front' };
export const backImage: PickedIcon = { name: 'back.png', type: 'image/png', size: 300_000, file: 'back' };
export const pdf: PickedIcon = { name: 'id.pdf', type: 'application/pdf', size: 100_000, file: 'pdf' };

export const UPLOADED_TOAST = 'xstate.after.uploadedToast.kyc.ready.sent';

export const kycModel: MachineModel<typeof kycMachine> = {
  machine: kycMachine,
  aspects: [
    {
      name: 'both sides picked and sent; a side missing; a wrong file; a failure',
      inputs: [{ isTrial: false }],
      events: [
        { type: 'xstate.done.actor.loadKyc', output: notSent },
        { type: 'xstate.error.actor.loadKyc', error: { errorCode: 'client.network' } },
        { type: 'kyc.retry' },
        { type: 'kyc.pick', side: 'front', image: frontImage },
        { type: 'kyc.pick', side: 'back', image: backImage },
        { type: 'kyc.pick', side: 'back', image: pdf },
        { type: 'kyc.submit' },
        { type: 'xstate.done.actor.submitKyc', output: pending },
        { type: 'xstate.error.actor.submitKyc', error: { errorCode: 'upload.too.large' } },
        { type: UPLOADED_TOAST },
      ],
    },
    {
      name: 'a check waiting for the operator takes no new images',
      inputs: [{ isTrial: false }],
      events: [
        { type: 'xstate.done.actor.loadKyc', output: pending },
        { type: 'kyc.pick', side: 'front', image: frontImage },
        { type: 'kyc.submit' },
      ],
    },
    {
      name: 'a trial account is refused',
      inputs: [{ isTrial: true }],
      events: [{ type: 'kyc.retry' }],
    },
  ],
};
