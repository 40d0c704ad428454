import { createFileRoute } from '@tanstack/react-router';
import { Fish } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/fishing-games')({
  component: FishingGamesScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function FishingGamesScreen() {
  return <ComingSoon icon={Fish} />;
}
