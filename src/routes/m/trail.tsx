import { createFileRoute } from '@tanstack/react-router';
import { TrialScreen } from '../../features/identity/trial-screen.tsx';

export const Route = createFileRoute('/m/trail')({
  component: TrialScreen,
});
