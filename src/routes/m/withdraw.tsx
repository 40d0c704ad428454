import { createFileRoute } from '@tanstack/react-router';
import { useRole } from '../../app/app-actor.tsx';
import { WithdrawScreen as Withdraw } from '../../features/money/withdraw-screen.tsx';

export const Route = createFileRoute('/_member-only/m/withdraw')({
  component: WithdrawScreen,
});

function WithdrawScreen() {
  const role = useRole();
  return <Withdraw isTrial={role === 'trial'} />;
}
