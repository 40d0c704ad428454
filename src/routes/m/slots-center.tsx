import { createFileRoute } from '@tanstack/react-router';
import { Cherry } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/slotsCenter')({
  component: SlotsCenterScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function SlotsCenterScreen() {
  return <ComingSoon icon={Cherry} />;
}
