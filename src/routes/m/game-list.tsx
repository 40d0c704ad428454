import { createFileRoute } from '@tanstack/react-router';
import { gameListSearch } from '../../../contract/route-search.ts';
import { GameListScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/gameList')({
  validateSearch: gameListSearch,
  loader: loadLobbyVendorTypes,
  component: GameListRoute,
});

function GameListRoute() {
  const { gameType, vassalage, type } = Route.useSearch();
  return <GameListScreen types={Route.useLoaderData()} gameType={gameType} vassalage={vassalage} fav={type === 'fav'} />;
}
