import { createFileRoute } from '@tanstack/react-router';
import { CategoryScreen } from '../../features/lobby/lobby-screens.tsx';

export const Route = createFileRoute('/m/elott')({
  loader: async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull(),
  component: CategoryRoute,
});

/** The ELOTT category page. */
function CategoryRoute() {
  return <CategoryScreen category="ELOTT" types={Route.useLoaderData()} />;
}
