import { createFileRoute } from '@tanstack/react-router';
import { AgentHomeScreen } from '../../../features/agent/agent-home-screen.tsx';

export const Route = createFileRoute('/_agent-only/m/agent')({
  component: AgentHomeScreen,
});
