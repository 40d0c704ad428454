import { createFileRoute } from '@tanstack/react-router';
import { TeamOverviewScreen } from '../../../features/agent/team-screens.tsx';

export const Route = createFileRoute('/_agent-only/m/agent/team/overview')({
  component: TeamOverviewScreen,
});
