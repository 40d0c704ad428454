/** The help centre machine's model: the events of its model-based test and of `npm run paths help-center`. */
import { type HelpEntry, helpCenterMachine } from '../../help-center.machine.ts';
import type { MachineModel } from '../model.ts';

export const helpEntries: HelpEntry[] = [
  { title: 'Deposits', content: '<p>How to deposit.</p>' },
  { title: 'Withdrawals', content: '<p>How to withdraw.</p>' },
];

export const helpCenterModel: MachineModel<typeof helpCenterMachine> = {
  machine: helpCenterMachine,
  aspects: [
    {
      name: 'load, select, retry and language',
      inputs: [{ selected: 0 }],
      events: [
        { type: 'help.select', index: 1 },
        // An index past the end (an old link): the first item shows.
        { type: 'help.select', index: 7 },
        { type: 'help.retry' },
        { type: 'language.change' },
        { type: 'xstate.done.actor.loadHelp', output: helpEntries },
        { type: 'xstate.done.actor.loadHelp', output: [] },
        { type: 'xstate.error.actor.loadHelp', error: { kind: 'server', errorCode: 'system.busy' } },
      ],
    },
  ],
};
