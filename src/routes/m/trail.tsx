import { createFileRoute } from '@tanstack/react-router';
import { Gamepad2 } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/trail')({
  component: TrailScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function TrailScreen() {
  return <ComingSoon icon={Gamepad2} />;
}
