import { createFileRoute } from '@tanstack/react-router';
import { Cherry } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/slot-games')({
  component: SlotGamesScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function SlotGamesScreen() {
  return <ComingSoon icon={Cherry} />;
}
