import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/sport-games')({
  loader: loadLobbyVendorTypes,
  component: CategoryRoute,
});

/** The SPORTS category page. */
function CategoryRoute() {
  return <CategoryScreen category="SPORTS" types={Route.useLoaderData()} />;
}
