import { createFileRoute } from '@tanstack/react-router';
import { lottoSearch } from '../../../../contract/route-search.ts';
import { withCatalogPart } from '../../../app/catalog-part.ts';
import { LotteryGameScreen } from '../../../features/lobby/lottery-game-screen.tsx';

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
