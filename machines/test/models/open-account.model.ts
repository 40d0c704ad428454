/** The open-account machine's model: inputs and events of its model-based test and of `npm run paths open-account`. */
import type { OpenAccountPayload, OpenAccountResult } from '../../../contract/agent.ts';
import { type AffiliateLinks, openAccountMachine } from '../../open-account.machine.ts';
import type { MachineModel } from '../model.ts';

export const payload: OpenAccountPayload = { kind: 'member', username: 'newbie1', password: 'secret123', confirmPassword: 'secret123' };
export const opened: OpenAccountResult = { id: 501, account: 'newbie1', type: 0, affiliateCode: null };
export const affiliate: AffiliateLinks = { code: 'A1024', registered: 7, link: 'https://lucky.example/m/register?affiliateCode=A1024' };
/** The server's refusal of the form: its message and the field it names. */
export const usernameTaken = { errorCode: 'member.username.exists', value: { field: 'username' } };

export const COPIED_TOAST = 'xstate.after.copiedToast.openAccount.affiliate.ready.toast.shown';

/** The form and the affiliate links are regions of their own: one aspect each. */
export const openAccountModel: MachineModel<typeof openAccountMachine> = {
  machine: openAccountMachine,
  aspects: [
    {
      name: 'an account opened, refused at a field, and another one',
      inputs: [undefined as never],
      events: [
        { type: 'account.submit', payload },
        { type: 'xstate.done.actor.openAccount', output: opened },
        { type: 'xstate.error.actor.openAccount', error: usernameTaken },
        { type: 'account.another' },
      ],
    },
    {
      name: 'the affiliate code and link read and copied',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadAffiliate', output: affiliate },
        { type: 'xstate.error.actor.loadAffiliate', error: { errorCode: 'client.offline' } },
        { type: 'affiliate.retry' },
        { type: 'affiliate.copy', part: 'code' },
        { type: 'affiliate.copy', part: 'link' },
        { type: 'xstate.done.actor.copyText' },
        { type: 'xstate.error.actor.copyText', error: new Error('denied') },
        { type: COPIED_TOAST },
      ],
    },
  ],
};
