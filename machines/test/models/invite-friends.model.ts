/** The invite-friends model: inputs and events of its model-based test and of `npm run paths invite-friends`. */
import type { Referral } from '../../invite-friends.machine.ts';
import { inviteFriendsMachine } from '../../invite-friends.machine.ts';
import type { MachineModel } from '../model.ts';

export const referral: Referral = { code: '1024', invited: 3, deposited: 1, link: 'https://lucky.example/m/register?recommenderId=1024' };

export const COPIED_TOAST = 'xstate.after.copiedToast.inviteFriends.ready.toast.shown';

const loaded = [
  { type: 'xstate.done.actor.loadReferral', output: referral },
  { type: 'xstate.error.actor.loadReferral', error: { errorCode: 'request.forbidden' } },
  { type: 'referral.retry' },
  { type: 'referral.copy', part: 'code' },
  { type: 'referral.copy', part: 'link' },
  { type: 'referral.share' },
  { type: 'xstate.done.actor.copyText' },
  { type: 'xstate.error.actor.copyText', error: new Error('denied') },
  { type: COPIED_TOAST },
] as const;

export const inviteFriendsModel: MachineModel<typeof inviteFriendsMachine> = {
  machine: inviteFriendsMachine,
  aspects: [
    {
      name: 'the referral loaded, its code and link copied',
      inputs: [{ isTrial: false, canShare: false }],
      events: [...loaded],
    },
    {
      name: 'a device that shares',
      inputs: [{ isTrial: false, canShare: true }],
      events: [
        { type: 'xstate.done.actor.loadReferral', output: referral },
        { type: 'referral.share' },
        { type: 'xstate.done.actor.shareLink' },
        { type: 'xstate.error.actor.shareLink', error: new Error('AbortError') },
      ],
    },
    {
      name: 'a trial account is refused',
      inputs: [{ isTrial: true, canShare: false }],
      events: [{ type: 'referral.retry' }],
    },
  ],
};
