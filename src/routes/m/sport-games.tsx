import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';

export const Route = createFileRoute('/m/sport-games')({
  loader: async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull(),
  component: CategoryRoute,
});

/** The SPORTS category page. */
function CategoryRoute() {
  return <CategoryScreen category="SPORTS" types={Route.useLoaderData()} />;
}
