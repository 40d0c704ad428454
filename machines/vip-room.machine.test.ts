import { describe, expect, it } from 'vitest';
import { coverageOf } from './test/coverage.ts';
import { vipRoomModel, vipStatus } from './test/models/vip-room.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';
import { vipProgress, vipRoomMachine } from './vip-room.machine.ts';

const pathSets = replayModelPaths('vip room machine', vipRoomModel, { delays: {}, invokes: { loadVip: 'loadVip' } });

describe('vip room machine', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(vipRoomMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('measures the way to the next level from the current one', () => {
    expect(vipProgress(vipStatus)).toMatchObject({ current: { level: 1 }, next: { level: 2 }, toNext: 3_750_000, ratio: 250_000 / 4_000_000 });
    expect(vipProgress({ ...vipStatus, turnover: 0, level: 0 })).toMatchObject({ current: { level: 0 }, next: { level: 1 }, toNext: 1_000_000, ratio: 0 });
    expect(vipProgress({ ...vipStatus, turnover: 9_000_000, level: 2 })).toMatchObject({ current: { level: 2 }, next: null, toNext: 0, ratio: 1 });
  });
});
