import { createFileRoute } from '@tanstack/react-router';
import { SlotsCenterScreen } from '../../features/lobby/lobby-screens.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/slotsCenter')({
  loader: () => withCatalogPart('lobby', async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull()),
  component: SlotsCenterRoute,
});

function SlotsCenterRoute() {
  return <SlotsCenterScreen types={Route.useLoaderData()} />;
}
