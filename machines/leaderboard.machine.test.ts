import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Leaderboard } from '../contract/leaderboard.ts';
import { type LeaderboardTab, leaderboardMachine } from './leaderboard.machine.ts';
import { coverageOf } from './test/coverage.ts';
import { leaderboardModel, winnersOfDay } from './test/models/leaderboard.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('leaderboard machine', leaderboardModel, { delays: {}, invokes: { loadLeaderboard: 'loadLeaderboard' } });

describe('leaderboard machine', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(leaderboardMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('loads the tab picked, and keeps only the answer of the last tab', async () => {
    const asked: LeaderboardTab[] = [];
    const answers: Array<(value: Leaderboard) => void> = [];
    const actor = createActor(
      leaderboardMachine.provide({
        actors: {
          loadLeaderboard: fromPromise<Leaderboard, LeaderboardTab>(({ input }) => {
            asked.push(input);
            return new Promise((resolve) => answers.push(resolve));
          }),
        },
      }),
      { input: { period: 'week' } },
    ).start();
    actor.send({ type: 'board.select', board: 'turnover' });
    // The same tab again asks nothing more.
    actor.send({ type: 'board.select', board: 'turnover' });
    expect(asked).toEqual([
      { board: 'winners', period: 'week' },
      { board: 'turnover', period: 'week' },
    ]);
    const turnover = { ...winnersOfDay, board: 'turnover' as const, period: 'week' as const };
    answers[0]!({ ...winnersOfDay, period: 'week' });
    answers[1]!(turnover);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.leaderboard).toEqual(turnover);
    actor.stop();
  });
});
