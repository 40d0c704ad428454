import { createFileRoute } from '@tanstack/react-router';
import { Flame } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/hot-games')({
  component: HotGamesScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function HotGamesScreen() {
  return <ComingSoon icon={Flame} />;
}
