import { createFileRoute } from '@tanstack/react-router';
import { useRole } from '../../app/app-actor.tsx';
import { depositSearch } from '../../../contract/route-search.ts';
import { DepositScreen } from '../../features/money/deposit-screen.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/_member-only/m/voucherCenter')({
  validateSearch: depositSearch,
  loader: () => withCatalogPart('money'),
  component: VoucherCenterScreen,
});

/** Deposit; `?orderNo=` is where the payment page sends the player back. */
function VoucherCenterScreen() {
  const role = useRole();
  const { orderNo } = Route.useSearch();
  return <DepositScreen key={orderNo ?? ''} isTrial={role === 'trial'} orderNo={orderNo ?? null} />;
}
