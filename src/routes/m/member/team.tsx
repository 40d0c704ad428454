import { createFileRoute } from '@tanstack/react-router';
import { TeamMembersScreen } from '../../../features/agent/team-screens.tsx';

export const Route = createFileRoute('/_agent-only/m/member/team')({
  component: TeamMembersScreen,
});
