import { createFileRoute } from '@tanstack/react-router';
import { Settings } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/set')({
  component: SetScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function SetScreen() {
  return <ComingSoon icon={Settings} />;
}
