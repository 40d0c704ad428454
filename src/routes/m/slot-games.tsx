import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/slot-games')({
  loader: loadLobbyVendorTypes,
  component: CategoryRoute,
});

/** The RNG category page. */
function CategoryRoute() {
  return <CategoryScreen category="RNG" types={Route.useLoaderData()} />;
}
