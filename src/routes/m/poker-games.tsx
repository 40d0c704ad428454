import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';

export const Route = createFileRoute('/m/poker-games')({
  loader: async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull(),
  component: CategoryRoute,
});

/** The PVP category page. */
function CategoryRoute() {
  return <CategoryScreen category="PVP" types={Route.useLoaderData()} />;
}
