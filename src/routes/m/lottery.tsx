import { createFileRoute } from '@tanstack/react-router';
import { LotteryScreen } from '../../features/lobby/lobby-screens.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/lottery')({
  loader: () => withCatalogPart('lobby', async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull()),
  component: LotteryRoute,
});

function LotteryRoute() {
  return <LotteryScreen types={Route.useLoaderData()} />;
}
