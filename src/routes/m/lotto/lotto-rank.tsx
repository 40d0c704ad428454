import { createFileRoute } from '@tanstack/react-router';
import { withCatalogPart } from '../../../app/catalog-part.ts';
import { LotteryRankScreen } from '../../../features/lobby/lottery-lobby.tsx';

export const Route = createFileRoute('/m/lotto/rank')({
  loader: () => withCatalogPart('lobby'),
  component: LotteryRankScreen,
});
