import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/poker-games')({
  loader: loadLobbyVendorTypes,
  component: CategoryRoute,
});

/** The PVP category page. */
function CategoryRoute() {
  return <CategoryScreen category="PVP" types={Route.useLoaderData()} />;
}
