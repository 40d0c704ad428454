/** Recomputes an in-house round from its revealed seed: what a player can check on their own. */
import type { VerifyQuery, VerifyResult } from '../../../contract/play.ts';
import { isSteppedEngine, parseStepActions, playErrorCodes, type StepActionName } from '../../../contract/play.ts';
import { AppError } from '../../http/app-error.ts';
import { engineParams, playEngine } from './engines.ts';
import { fairStream, hashServerSeed } from './fair-random.ts';
import { replayStepped, type StepAction } from './stepped.ts';

export function verifyRound(query: VerifyQuery): VerifyResult {
  const serverSeedHash = hashServerSeed(query.serverSeed);
  if (isSteppedEngine(query.engine)) {
    // A stepped round: its deal and the player's actions, replayed to the end.
    const actions = (query.actions ? parseStepActions(query.actions) : []) as StepAction[];
    const state = replayStepped(query.engine, fairStream(query.serverSeed, query.clientSeed, query.nonce), actions);
    if ('invalid' in state) throw new AppError(400, playErrorCodes.paramsInvalid, state.invalid);
    if (!state.done) throw new AppError(400, playErrorCodes.paramsInvalid, 'These actions leave the round unfinished.');
    return {
      engine: query.engine,
      hashMatches: query.serverSeedHash ? query.serverSeedHash.toLowerCase() === serverSeedHash : null,
      serverSeedHash,
      outcome: { ...state.view, actions: actions as { action: StepActionName; holds?: number[] }[] },
      multiplierBp: state.multiplierBp,
    };
  }
  const params = engineParams(query.engine, {
    target: query.target,
    rows: query.rows,
    risk: query.risk,
    picks: query.picks?.split(',').map(Number),
    choice: query.choice,
    mines: query.mines,
  });
  if ('invalid' in params) throw new AppError(400, playErrorCodes.paramsInvalid, params.invalid);
  const result = playEngine(query.engine, fairStream(query.serverSeed, query.clientSeed, query.nonce), params);
  return {
    engine: query.engine,
    hashMatches: query.serverSeedHash ? query.serverSeedHash.toLowerCase() === serverSeedHash : null,
    serverSeedHash,
    outcome: result.outcome as unknown as Record<string, unknown>,
    multiplierBp: result.multiplierBp,
  };
}
