/** The social login buttons' model: inputs and events of their model-based test and of `npm run paths social-login`. */
import type { SocialLink } from '../../../contract/social.ts';
import { socialLoginMachine } from '../../social-login.machine.ts';
import type { MachineModel } from '../model.ts';

const linkedGoogle: SocialLink = { provider: 'google', email: 'ana.santos@gmail.test', linkedAt: '2026-11-29T08:00:00.000Z' };

export const socialLoginModel: MachineModel<typeof socialLoginMachine> = {
  machine: socialLoginMachine,
  aspects: [
    {
      name: 'the providers offered, a start, a refused start and the way back',
      inputs: [{ intent: 'login' }, { intent: 'link' }],
      events: [
        { type: 'xstate.done.actor.loadProviders', output: { providers: ['google', 'facebook'], links: [] } },
        { type: 'xstate.done.actor.loadProviders', output: { providers: ['google', 'facebook'], links: [linkedGoogle] } },
        { type: 'xstate.done.actor.loadProviders', output: { providers: [], links: [] } },
        { type: 'xstate.error.actor.loadProviders', error: { kind: 'network' } },
        { type: 'social.start', provider: 'google', remember: true },
        { type: 'social.start', provider: 'facebook' },
        { type: 'xstate.done.actor.startSocial', output: 'http://127.0.0.1:9000/auth?state=s' },
        { type: 'xstate.error.actor.startSocial', error: { kind: 'server', errorCode: 'social.unavailable' } },
        { type: 'social.retry' },
      ],
    },
  ],
};
