/** The security center's model: inputs and events of its model-based test and of `npm run paths security-center`. */
import type { SecurityOverview } from '../../security-center.machine.ts';
import { securityCenterMachine } from '../../security-center.machine.ts';
import type { MachineModel } from '../model.ts';

export const overview: SecurityOverview = {
  config: { hasWithdrawalPassword: false, questionIds: [], bankCardCount: 1, maxBankCards: 5 },
  sessions: [
    { id: 'a', kind: 'web', device: 'Chrome · Android', ipMasked: '203.0.113.*', createdAt: '2026-11-28T01:00:00.000Z', lastSeenAt: '2026-11-28T01:05:00.000Z', current: true },
    { id: 'b', kind: 'device', device: 'Safari · iOS', ipMasked: '198.51.100.*', createdAt: '2026-11-20T08:00:00.000Z', lastSeenAt: '2026-11-20T08:00:00.000Z', current: false },
  ],
};

export const DONE_TOAST = 'xstate.after.doneToast.securityCenter.ready.signedOut';

export const securityCenterModel: MachineModel<typeof securityCenterMachine> = {
  machine: securityCenterMachine,
  aspects: [
    {
      name: 'overview loaded, told of changes, signed out elsewhere',
      inputs: [{ isTrial: false }],
      events: [
        { type: 'xstate.done.actor.loadOverview', output: overview },
        { type: 'xstate.error.actor.loadOverview', error: { errorCode: 'client.network' } },
        { type: 'security.retry' },
        { type: 'security.reload' },
        { type: 'security.pinSet' },
        { type: 'security.questionsSet', questionIds: ['firstPet', 'birthCity'] },
        { type: 'sessions.signOutElsewhere' },
        { type: 'sessions.confirm' },
        { type: 'sessions.cancel' },
        { type: 'xstate.done.actor.signOutElsewhere', output: { ended: 1 } },
        { type: 'xstate.error.actor.signOutElsewhere', error: { errorCode: 'client.network' } },
        { type: DONE_TOAST },
      ],
    },
    {
      name: 'a trial account is refused',
      inputs: [{ isTrial: true }],
      events: [{ type: 'security.retry' }],
    },
  ],
};
