import { createFileRoute } from '@tanstack/react-router';
import { gameCenterSearch } from '../../../contract/route-search.ts';
import { GameCenterScreen } from '../../features/lobby/lobby-screens.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/gameCenter')({
  validateSearch: gameCenterSearch,
  loader: () => withCatalogPart('lobby', async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull()),
  component: GameCenterRoute,
});

function GameCenterRoute() {
  const { gameCategory } = Route.useSearch();
  return <GameCenterScreen key={gameCategory} types={Route.useLoaderData()} gameCategory={gameCategory} />;
}
