import { createFileRoute } from '@tanstack/react-router';
import { LotteryScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/lottery')({
  loader: loadLobbyVendorTypes,
  component: LotteryRoute,
});

function LotteryRoute() {
  return <LotteryScreen types={Route.useLoaderData()} />;
}
