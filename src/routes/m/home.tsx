import { createFileRoute } from '@tanstack/react-router';
import { LobbyHome } from '../../features/lobby/lobby-home.tsx';

export const Route = createFileRoute('/m/home')({
  loader: async () => (await import('../../app/lobby-actors.ts')).loadHomeData(),
  component: HomeRoute,
});

function HomeRoute() {
  return <LobbyHome data={Route.useLoaderData()} />;
}
