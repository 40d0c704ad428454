import { createFileRoute } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/forget')({
  component: ForgetScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function ForgetScreen() {
  return <ComingSoon icon={KeyRound} />;
}
