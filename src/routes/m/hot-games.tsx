import { createFileRoute } from '@tanstack/react-router';
import { HotGamesScreen } from '../../features/lobby/lobby-screens.tsx';

export const Route = createFileRoute('/m/hot-games')({
  loader: async () => (await import('../../app/lobby-actors.ts')).loadHotGamesData(),
  component: HotGamesRoute,
});

function HotGamesRoute() {
  const { types, banners } = Route.useLoaderData();
  return <HotGamesScreen types={types} banners={banners} />;
}
