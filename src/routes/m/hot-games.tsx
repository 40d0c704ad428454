import { createFileRoute } from '@tanstack/react-router';
import { HotGamesScreen } from '../../features/lobby/lobby-screens.tsx';

export const Route = createFileRoute('/m/hot-games')({
  loader: async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull(),
  component: HotGamesRoute,
});

function HotGamesRoute() {
  return <HotGamesScreen types={Route.useLoaderData()} />;
}
