import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/lott')({
  loader: loadLobbyVendorTypes,
  component: CategoryRoute,
});

/** The LOTT category page. */
function CategoryRoute() {
  return <CategoryScreen category="LOTT" types={Route.useLoaderData()} />;
}
