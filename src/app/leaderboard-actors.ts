/**
 * The leaderboard machine (machines/leaderboard) with its real side effect:
 * the leaderboard endpoint (contract/leaderboard.ts) of the picked tab.
 *
 * Imported only by the leaderboard's route chunk.
 */
import { fromPromise } from 'xstate';
import { leaderboardEndpoint } from '../../contract/leaderboard.ts';
import { type LeaderboardTab, leaderboardMachine } from '../../machines/leaderboard.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';

export function provideLeaderboardMachine(call: ApiCall = apiCall) {
  return leaderboardMachine.provide({
    actors: { loadLeaderboard: fromPromise(({ input }: { input: LeaderboardTab }) => call(leaderboardEndpoint, { query: input })) },
  });
}
