import { createFileRoute } from '@tanstack/react-router';
import { Ticket } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/lottery')({
  component: LotteryScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function LotteryScreen() {
  return <ComingSoon icon={Ticket} />;
}
