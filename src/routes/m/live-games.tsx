import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';

export const Route = createFileRoute('/m/live-games')({
  loader: async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull(),
  component: CategoryRoute,
});

/** The LIVE category page. */
function CategoryRoute() {
  return <CategoryScreen category="LIVE" types={Route.useLoaderData()} />;
}
