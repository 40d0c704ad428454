/** The install machine's model: inputs and events of its model-based test and of `npm run paths install`. */
import { type InstallFacts, installMachine } from '../../install.machine.ts';
import type { MachineModel } from '../model.ts';

/** A browser: Chrome on Android, online, nothing remembered. */
export const facts = (overrides: Partial<InstallFacts> = {}): InstallFacts => ({
  standalone: false,
  mobile: true,
  ios: false,
  iosVersion: null,
  safari: false,
  barClosed: false,
  online: true,
  ...overrides,
});

export const safariIos = facts({ ios: true, safari: true, iosVersion: [17, 4] });
export const legacySafariIos = facts({ ios: true, safari: true, iosVersion: [12, 1] });

export const installModel: MachineModel<typeof installMachine> = {
  machine: installMachine,
  aspects: [
    {
      name: 'the download bar and the browser prompt',
      inputs: [facts(), facts({ standalone: true }), facts({ barClosed: true }), safariIos],
      events: [
        { type: 'prompt.available' },
        { type: 'bar.close' },
        { type: 'install.accept' },
        { type: 'xstate.done.actor.installPrompt', output: true },
        { type: 'xstate.done.actor.installPrompt', output: false },
        { type: 'xstate.error.actor.installPrompt', error: new Error('no prompt') },
        { type: 'app.installed' },
      ],
      contextKey: () => null,
    },
    {
      name: 'the download block hints',
      inputs: [facts(), safariIos, legacySafariIos, facts({ ios: true, safari: false, iosVersion: [17, 0] })],
      events: [],
      contextKey: () => null,
    },
    {
      name: 'a new version and the network',
      inputs: [facts(), facts({ online: false })],
      events: [
        { type: 'update.available' },
        { type: 'update.accept' },
        { type: 'update.later' },
        { type: 'xstate.done.actor.applyUpdate' },
        { type: 'xstate.error.actor.applyUpdate', error: new Error('no waiting worker') },
        { type: 'network.offline' },
        { type: 'network.online' },
      ],
      contextKey: () => null,
    },
  ],
};
