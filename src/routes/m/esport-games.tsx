import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';

export const Route = createFileRoute('/m/esport-games')({
  loader: async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull(),
  component: CategoryRoute,
});

/** The ESPORTS category page. */
function CategoryRoute() {
  return <CategoryScreen category="ESPORTS" types={Route.useLoaderData()} />;
}
