import { assign, fromPromise, setup } from 'xstate';
import type { KycState } from '../contract/kyc.ts';
import { imageRefusalOf, type PickedIcon } from './avatar-upload.machine.ts';
import { errorCodeOf, moneyMessages } from './money-types.ts';

export type KycSide = 'front' | 'back';

export interface KycInput {
  /** A trial account (type 4): it has nothing to verify and is refused at once. */
  isTrial: boolean;
}

export interface KycContext extends KycInput {
  kyc: KycState | null;
  /** The images picked for each side, not sent yet. */
  front: PickedIcon | null;
  back: PickedIcon | null;
  errorCode: string | null;
}

export type KycEvent =
  | { type: 'kyc.retry' }
  | { type: 'kyc.pick'; side: KycSide; image: PickedIcon }
  | { type: 'kyc.submit' };

/** The spec's message when a side is missing ('Please upload front/back of your ID'); the server answers the same code. */
export const kycImagesRequiredCode = 'kyc.images.required';

/**
 * The KYC center (spec sections 2 and 5: ID verification): `loadKyc` reads
 * the member's check (none, pending, approved or rejected, with the
 * operator's reason) and whether withdrawals need it. With none sent, or
 * after a rejection, the member picks the ID's front and back (each png or
 * jpg of at most 5 MB, refused at once with its message) and sends both
 * (`submitKyc`; a missing side is refused with the spec's message before
 * anything is sent); "Upload success" shows for `uploadedToast` (spec
 * section 9) and the check is pending until the operator decides. A trial
 * account is refused (free_reject).
 */
export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
    input: {} as KycInput,
  },
  actors: {
    loadKyc: fromPromise<KycState>(async () => {
      throw new Error('loadKyc is provided by the app');
    }),
    submitKyc: fromPromise<KycState, { front: PickedIcon; back: PickedIcon }>(async () => {
      throw new Error('submitKyc is provided by the app');
    }),
  },
  guards: {
    isTrial: ({ context }) => context.isTrial,
    /** Only with nothing sent, or after a rejection, can images be sent. */
    canSend: ({ context }) => context.kyc?.status === 'none' || context.kyc?.status === 'rejected',
    isRefusedImage: ({ event }) => event.type === 'kyc.pick' && imageRefusalOf(event.image) !== null,
    hasBothSides: ({ context }) => context.front !== null && context.back !== null,
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    uploadedToast: 1000,
  },
}).createMachine({
  id: 'kyc',
  context: ({ input }) => ({ ...input, kyc: null, front: null, back: null, errorCode: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isTrial', target: 'rejected', actions: assign({ errorCode: moneyMessages.freeReject }) }, { target: 'loading' }],
    },
    rejected: {},
    loading: {
      invoke: {
        id: 'loadKyc',
        src: 'loadKyc',
        onDone: { target: 'ready', actions: assign({ kyc: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'kyc.retry': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'kyc.pick': [
              { guard: 'isRefusedImage', actions: assign({ errorCode: ({ event }) => imageRefusalOf(event.image) }) },
              { guard: 'canSend', actions: assign(({ event }) => ({ [event.side]: event.image, errorCode: null })) },
            ],
            'kyc.submit': [
              { guard: 'hasBothSides', target: 'sending', actions: assign({ errorCode: null }) },
              { guard: 'canSend', actions: assign({ errorCode: kycImagesRequiredCode }) },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'submitKyc',
            src: 'submitKyc',
            input: ({ context }) => ({ front: context.front!, back: context.back! }),
            onDone: { target: 'sent', actions: assign({ kyc: ({ event }) => event.output, front: null, back: null }) },
            onError: { target: 'idle', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        sent: {
          after: { uploadedToast: { target: 'idle' } },
        },
      },
    },
  },
});
