import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/elott')({
  loader: loadLobbyVendorTypes,
  component: CategoryRoute,
});

/** The ELOTT category page. */
function CategoryRoute() {
  return <CategoryScreen category="ELOTT" types={Route.useLoaderData()} />;
}
