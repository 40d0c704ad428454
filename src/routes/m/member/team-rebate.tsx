import { createFileRoute } from '@tanstack/react-router';
import { RebateIncomeScreen } from '../../../features/agent/rebate-screens.tsx';

export const Route = createFileRoute('/_agent-only/m/member/teamRebate')({
  component: RebateIncomeScreen,
});
