import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';

export const Route = createFileRoute('/m/fishing-games')({
  loader: async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull(),
  component: CategoryRoute,
});

/** The FISH category page. */
function CategoryRoute() {
  return <CategoryScreen category="FISH" types={Route.useLoaderData()} />;
}
