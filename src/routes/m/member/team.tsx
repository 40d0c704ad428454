import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_agent-only/m/member/team')({
  component: TeamScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function TeamScreen() {
  return <ComingSoon icon="users-round" />;
}
