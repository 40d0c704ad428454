/** The member profile's model: inputs and events of its model-based test and of `npm run paths member-profile`. */
import type { MemberProfile } from '../../member-profile.machine.ts';
import { memberProfileMachine } from '../../member-profile.machine.ts';
import type { MachineModel } from '../model.ts';

const rule = { pattern: null, maxLength: 20 };

export const demoProfile: MemberProfile = {
  info: {
    id: 1001,
    type: 0,
    account: 'player1',
    nickname: null,
    clubLabel: { labelName: 'VIP 1' },
    email: 'pl***@example.com',
    mobileNum: null,
    payeeName: null,
    iconVersion: null,
    firstTimeLogin: false,
  },
  icon: null,
  balance: { sumBalance: 100000, currency: { code: 'PHP', symbol: '₱', minorUnits: 2 } },
  rules: { nickname: rule, email: { pattern: null, maxLength: 254 }, payeeName: { pattern: null, maxLength: 50 } },
  betRecord: true,
  referral: true,
};

export const COPIED_TOAST = 'xstate.after.copiedToast.memberProfile.ready.copied';

export const memberProfileModel: MachineModel<typeof memberProfileMachine> = {
  machine: memberProfileMachine,
  aspects: [
    {
      name: 'loading, copying the ID and changes made elsewhere',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadProfile', output: demoProfile },
        { type: 'xstate.error.actor.loadProfile', error: { errorCode: 'client.network' } },
        { type: 'profile.retry' },
        { type: 'profile.reload' },
        { type: 'id.copy' },
        { type: 'xstate.done.actor.copyText', output: undefined },
        { type: 'xstate.error.actor.copyText', error: new Error('denied') },
        { type: COPIED_TOAST },
        { type: 'profile.field', field: 'nickname', value: 'Lucky Pat' },
        { type: 'profile.icon', icon: 'data:image/png;base64,iVBORw0KGgo=', iconVersion: 1 },
      ],
    },
  ],
};
