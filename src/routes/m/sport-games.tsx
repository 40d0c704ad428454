import { createFileRoute } from '@tanstack/react-router';
import { Trophy } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/sport-games')({
  component: SportGamesScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function SportGamesScreen() {
  return <ComingSoon icon={Trophy} />;
}
