import { createFileRoute } from '@tanstack/react-router';
import { HotGamesScreen } from '../../features/lobby/lobby-screens.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/hot-games')({
  loader: () => withCatalogPart('lobby', async () => (await import('../../app/lobby-actors.ts')).loadHotGamesData()),
  component: HotGamesRoute,
});

function HotGamesRoute() {
  const { types, banners } = Route.useLoaderData();
  return <HotGamesScreen types={types} banners={banners} />;
}
