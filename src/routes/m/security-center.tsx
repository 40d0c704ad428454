import { createFileRoute } from '@tanstack/react-router';
import { useRole } from '../../app/app-actor.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';
import { SecurityCenterScreen as SecurityCenter } from '../../features/member/security-center-screen.tsx';

export const Route = createFileRoute('/_member-only/m/securityCenter')({
  loader: () => withCatalogPart('money'),
  component: SecurityCenterScreen,
});

function SecurityCenterScreen() {
  const role = useRole();
  return <SecurityCenter isTrial={role === 'trial'} />;
}
