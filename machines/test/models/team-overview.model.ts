/** The team overview's model: inputs and events of its model-based test and of `npm run paths team-overview`. */
import { teamOverviewMachine } from '../../team-overview.machine.ts';
import type { MachineModel } from '../model.ts';
import { kpi } from './agent-home.model.ts';

export const today = '2026-11-20';
export const customRange = { startDate: '2026-11-01', endDate: '2026-11-10' };
/** Ends before it starts. */
export const backwardsRange = { startDate: '2026-11-10', endDate: '2026-11-01' };

export const teamOverviewModel: MachineModel<typeof teamOverviewMachine> = {
  machine: teamOverviewMachine,
  aspects: [
    {
      name: 'a preset or a custom range loads the totals; a backwards range is refused',
      inputs: [{ today }],
      events: [
        { type: 'xstate.done.actor.loadKpi', output: kpi },
        { type: 'xstate.error.actor.loadKpi', error: { errorCode: 'agent.menu.denied' } },
        { type: 'overview.retry' },
        { type: 'range.preset', preset: 'yesterday' },
        { type: 'range.preset', preset: 'month' },
        { type: 'range.custom', range: customRange },
        { type: 'range.custom', range: backwardsRange },
      ],
    },
  ],
};
