import { createFileRoute } from '@tanstack/react-router';
import { RedRainScreen } from '../../features/agent/red-rain-screen.tsx';

export const Route = createFileRoute('/_agent-only/m/redRain')({
  component: RedRainScreen,
});
