import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/live-games')({
  loader: loadLobbyVendorTypes,
  component: CategoryRoute,
});

/** The LIVE category page. */
function CategoryRoute() {
  return <CategoryScreen category="LIVE" types={Route.useLoaderData()} />;
}
