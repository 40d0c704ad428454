import { createFileRoute } from '@tanstack/react-router';
import { gameCenterSearch } from '../../../contract/route-search.ts';
import { GameCenterScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/gameCenter')({
  validateSearch: gameCenterSearch,
  loader: loadLobbyVendorTypes,
  component: GameCenterRoute,
});

function GameCenterRoute() {
  const { gameCategory } = Route.useSearch();
  return <GameCenterScreen key={gameCategory} types={Route.useLoaderData()} gameCategory={gameCategory} />;
}
