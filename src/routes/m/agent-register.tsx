import { createFileRoute } from '@tanstack/react-router';
import { OpenAccountScreen } from '../../features/agent/open-account-screen.tsx';

export const Route = createFileRoute('/_agent-only/m/agentRegister')({
  component: OpenAccountScreen,
});
