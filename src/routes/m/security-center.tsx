import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/securityCenter')({
  component: SecurityCenterScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function SecurityCenterScreen() {
  return <ComingSoon icon="shield-check" />;
}
