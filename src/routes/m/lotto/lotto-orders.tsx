import { createFileRoute } from '@tanstack/react-router';
import { withCatalogPart } from '../../../app/catalog-part.ts';
import { LotteryOrdersScreen } from '../../../features/lobby/lottery-orders-screen.tsx';

export const Route = createFileRoute('/_member-only/m/lotto/orders')({
  loader: () => withCatalogPart('lobby'),
  component: LotteryOrdersScreen,
});
