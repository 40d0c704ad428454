import { createFileRoute } from '@tanstack/react-router';
import { TeamBettingScreen } from '../../features/agent/team-screens.tsx';

export const Route = createFileRoute('/_agent-only/m/teamBetting')({
  component: TeamBettingScreen,
});
