import { createFileRoute } from '@tanstack/react-router';
import { withCatalogPart } from '../../../app/catalog-part.ts';
import { LotteryResultsScreen } from '../../../features/lobby/lottery-results-screen.tsx';

export const Route = createFileRoute('/m/lotto/results/$gameCode')({
  loader: () => withCatalogPart('lobby'),
  component: LottoResultsRoute,
});

function LottoResultsRoute() {
  const { gameCode } = Route.useParams();
  return <LotteryResultsScreen key={gameCode} gameCode={gameCode} />;
}
