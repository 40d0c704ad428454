/** Recomputes an in-house round from its revealed seed: what a player can check on their own. */
import type { VerifyQuery, VerifyResult } from '../../../contract/play.ts';
import { playErrorCodes } from '../../../contract/play.ts';
import { AppError } from '../../http/app-error.ts';
import { engineParams, playEngine } from './engines.ts';
import { fairStream, hashServerSeed } from './fair-random.ts';

export function verifyRound(query: VerifyQuery): VerifyResult {
  const serverSeedHash = hashServerSeed(query.serverSeed);
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
