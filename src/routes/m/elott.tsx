import { createFileRoute } from '@tanstack/react-router';
import { Ticket } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/elott')({
  component: ElottScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function ElottScreen() {
  return <ComingSoon icon={Ticket} />;
}
