import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_agent-only/m/agentRegister')({
  component: AgentRegisterScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function AgentRegisterScreen() {
  return <ComingSoon icon="user-plus" />;
}
