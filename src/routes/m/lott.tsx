import { createFileRoute } from '@tanstack/react-router';
import { Ticket } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/lott')({
  component: LottScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function LottScreen() {
  return <ComingSoon icon={Ticket} />;
}
