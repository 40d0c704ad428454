import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import type { PlayType, PrizeMode } from '../../../../contract/member-games.ts';
import { withCatalogPart } from '../../../app/catalog-part.ts';
import { LotteryGameScreen } from '../../../features/lobby/lottery-game-screen.tsx';

/** The launch's prize mode and play type (contract/lottery.ts `lotteryGamePath`); anything else: the game's own. (In the first load: no games contract here.) */
const lottoSearch = z.object({
  prizeMode: z.catch(z.optional(z.enum(['ELOTT', 'LOTT', 'ZY', 'SEA'] satisfies PrizeMode[])), undefined),
  playType: z.catch(z.optional(z.enum(['ent', 'trad'] satisfies PlayType[])), undefined),
});

export const Route = createFileRoute('/m/lotto/$gameCode')({
  validateSearch: lottoSearch,
  loader: () => withCatalogPart('lobby'),
  component: LottoGameRoute,
});

function LottoGameRoute() {
  const { gameCode } = Route.useParams();
  const { prizeMode, playType } = Route.useSearch();
  return <LotteryGameScreen key={gameCode} gameCode={gameCode} prizeMode={prizeMode} playType={playType} />;
}
