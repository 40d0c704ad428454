/** The leaderboard's model: inputs and events of its model-based test and of `npm run paths leaderboard`. */
import type { Leaderboard } from '../../../contract/leaderboard.ts';
import { leaderboardMachine } from '../../leaderboard.machine.ts';
import type { MachineModel } from '../model.ts';

export const winnersOfDay: Leaderboard = {
  board: 'winners',
  period: 'day',
  periodStart: '2026-11-29T00:00:00.000Z',
  periodEnd: '2026-11-30T00:00:00.000Z',
  currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
  list: [
    { rank: 1, name: 'ma***88', amount: 1_250_00 },
    { rank: 2, name: 'pl***r1', amount: 300_00 },
  ],
  mine: { rank: 2, amount: 300_00 },
};

export const leaderboardModel: MachineModel<typeof leaderboardMachine> = {
  machine: leaderboardMachine,
  aspects: [
    {
      name: 'tabs of board and period, each loaded, or a retry',
      inputs: [{}, { board: 'turnover', period: 'month' }],
      events: [
        { type: 'xstate.done.actor.loadLeaderboard', output: winnersOfDay },
        { type: 'xstate.error.actor.loadLeaderboard', error: { errorCode: 'client.network' } },
        { type: 'leaderboard.retry' },
        { type: 'board.select', board: 'turnover' },
        { type: 'board.select', board: 'winners' },
        { type: 'period.select', period: 'week' },
        { type: 'period.select', period: 'day' },
      ],
    },
  ],
};
