import { createFileRoute } from '@tanstack/react-router';
import { RebateSettingsScreen } from '../../../../features/agent/rebate-screens.tsx';

export const Route = createFileRoute('/_agent-only/m/member/agent/agentRebeat')({
  component: RebateSettingsScreen,
});
