import { createFileRoute } from '@tanstack/react-router';
import { SlotsCenterScreen } from '../../features/lobby/lobby-screens.tsx';
import { loadLobbyVendorTypes } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/slotsCenter')({
  loader: loadLobbyVendorTypes,
  component: SlotsCenterRoute,
});

function SlotsCenterRoute() {
  return <SlotsCenterScreen types={Route.useLoaderData()} />;
}
