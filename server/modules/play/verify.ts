/** Recomputes an in-house round from its revealed seed: what a player can check on their own. */
import type { VerifyQuery, VerifyResult } from '../../../contract/play.ts';
import { crashTargetRange, diceTargetRange, playErrorCodes } from '../../../contract/play.ts';
import { AppError } from '../../http/app-error.ts';
import { playEngine } from './engines.ts';
import { fairStream, hashServerSeed } from './fair-random.ts';

export function verifyRound(query: VerifyQuery): VerifyResult {
  const serverSeedHash = hashServerSeed(query.serverSeed);
  const target = query.target ?? (query.engine === 'dice' ? diceTargetRange.initial : query.engine === 'crash' ? crashTargetRange.initial : undefined);
  if (query.engine === 'dice' && (target! < 100 || target! > 9_800)) throw new AppError(400, playErrorCodes.paramsInvalid, 'The target must be 100 to 9800.');
  if (query.engine === 'crash' && (target! < 101 || target! > 100_000)) throw new AppError(400, playErrorCodes.paramsInvalid, 'The target must be 101 to 100000.');
  const result = playEngine(query.engine, fairStream(query.serverSeed, query.clientSeed, query.nonce), { target });
  return {
    engine: query.engine,
    hashMatches: query.serverSeedHash ? query.serverSeedHash.toLowerCase() === serverSeedHash : null,
    serverSeedHash,
    outcome: result.outcome as unknown as Record<string, unknown>,
    multiplierBp: result.multiplierBp,
  };
}
