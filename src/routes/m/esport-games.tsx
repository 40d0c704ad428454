import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/esport-games')({
  loader: loadLobbyVendorTypes,
  component: CategoryRoute,
});

/** The ESPORTS category page. */
function CategoryRoute() {
  return <CategoryScreen category="ESPORTS" types={Route.useLoaderData()} />;
}
