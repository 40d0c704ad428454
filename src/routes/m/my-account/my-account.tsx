import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/myAccount/index')({
  component: MyAccountScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function MyAccountScreen() {
  return <ComingSoon icon="id-card" />;
}
