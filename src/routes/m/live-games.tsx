import { createFileRoute } from '@tanstack/react-router';
import { Video } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/live-games')({
  component: LiveGamesScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function LiveGamesScreen() {
  return <ComingSoon icon={Video} />;
}
