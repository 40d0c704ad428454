import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_agent-only/m/member/teamRebate')({
  component: TeamRebateScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function TeamRebateScreen() {
  return <ComingSoon icon="hand-coins" />;
}
