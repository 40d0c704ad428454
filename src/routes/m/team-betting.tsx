import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_agent-only/m/teamBetting')({
  component: TeamBettingScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function TeamBettingScreen() {
  return <ComingSoon icon="dices" />;
}
