import { createFileRoute } from '@tanstack/react-router';
import { Wallet } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/voucherCenter')({
  component: VoucherCenterScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function VoucherCenterScreen() {
  return <ComingSoon icon={Wallet} />;
}
