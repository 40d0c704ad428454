import { createFileRoute } from '@tanstack/react-router';
import { Spade } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/poker-games')({
  component: PokerGamesScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function PokerGamesScreen() {
  return <ComingSoon icon={Spade} />;
}
