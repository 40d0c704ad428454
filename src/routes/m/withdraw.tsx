import { createFileRoute } from '@tanstack/react-router';
import { Banknote } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/withdraw')({
  component: WithdrawScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function WithdrawScreen() {
  return <ComingSoon icon={Banknote} />;
}
