import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/lott')({
  loader: () => withCatalogPart('lobby', async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull()),
  component: CategoryRoute,
});

/** The LOTT category page. */
function CategoryRoute() {
  return <CategoryScreen category="LOTT" types={Route.useLoaderData()} />;
}
