/**
 * The KYC center (machines/kyc) with its real side effects: the identity
 * check API (contract/kyc.ts), the picked images sent as data URLs.
 *
 * Imported only by the KYC center's route chunk.
 */
import { fromPromise } from 'xstate';
import { kycStateEndpoint, kycSubmitEndpoint } from '../../contract/kyc.ts';
import type { PickedIcon } from '../../machines/avatar-upload.machine.ts';
import { kycMachine } from '../../machines/kyc.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import { dataUrlOf } from './member-actors.ts';

export function provideKycMachine(call: ApiCall = apiCall) {
  return kycMachine.provide({
    actors: {
      loadKyc: fromPromise(() => call(kycStateEndpoint)),
      submitKyc: fromPromise(async ({ input }: { input: { front: PickedIcon; back: PickedIcon } }) => {
        const [front, back] = await Promise.all([dataUrlOf(input.front.file as Blob), dataUrlOf(input.back.file as Blob)]);
        return call(kycSubmitEndpoint, { body: { front, back } });
      }),
    },
  });
}
