import { createFileRoute } from '@tanstack/react-router';
import { useRole } from '../../app/app-actor.tsx';
import { WithdrawScreen as Withdraw } from '../../features/money/withdraw-screen.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/_member-only/m/withdraw')({
  loader: () => withCatalogPart('money'),
  component: WithdrawScreen,
});

function WithdrawScreen() {
  const role = useRole();
  return <Withdraw isTrial={role === 'trial'} />;
}
