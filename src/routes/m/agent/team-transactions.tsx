import { createFileRoute } from '@tanstack/react-router';
import { TeamTransactionsScreen } from '../../../features/agent/team-screens.tsx';

export const Route = createFileRoute('/_agent-only/m/agent/team/transactions')({
  component: TeamTransactionsScreen,
});
