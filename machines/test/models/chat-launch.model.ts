/** The chat launcher's model: inputs and events of its model-based test and of `npm run paths chat-launch`. */
import { chatLaunchMachine } from '../../chat-launch.machine.ts';
import type { MachineModel } from '../model.ts';

export const chatLaunchModel: MachineModel<typeof chatLaunchMachine> = {
  machine: chatLaunchMachine,
  aspects: [
    {
      name: 'launches by role, the open delay, failures and the trial refusal',
      inputs: [undefined as never],
      events: [
        { type: 'chat.launch', role: 'member' },
        { type: 'chat.launch', role: 'guest' },
        { type: 'chat.launch', role: 'trial' },
        { type: 'xstate.done.actor.launchChat', output: { chatUrl: '/m/chat' } },
        { type: 'xstate.error.actor.launchChat', error: { errorCode: 'chat.disabled' } },
        { type: 'xstate.after.chatOpenDelay.chatLaunch.opening' },
        { type: 'xstate.after.trialRefusal.chatLaunch.refused' },
        { type: 'xstate.after.launchFailure.chatLaunch.failed' },
      ],
    },
  ],
};
