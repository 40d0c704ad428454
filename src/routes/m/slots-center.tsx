import { createFileRoute } from '@tanstack/react-router';
import { SlotsCenterScreen } from '../../features/lobby/lobby-screens.tsx';

export const Route = createFileRoute('/m/slotsCenter')({
  loader: async () => (await import('../../app/lobby-actors.ts')).loadVendorTypesOrNull(),
  component: SlotsCenterRoute,
});

function SlotsCenterRoute() {
  return <SlotsCenterScreen types={Route.useLoaderData()} />;
}
