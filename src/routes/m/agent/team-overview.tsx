import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_agent-only/m/agent/team/overview')({
  component: TeamOverviewScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function TeamOverviewScreen() {
  return <ComingSoon icon="users" />;
}
