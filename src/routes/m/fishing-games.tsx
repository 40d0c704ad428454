import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/fishing-games')({
  loader: loadLobbyVendorTypes,
  component: CategoryRoute,
});

/** The FISH category page. */
function CategoryRoute() {
  return <CategoryScreen category="FISH" types={Route.useLoaderData()} />;
}
