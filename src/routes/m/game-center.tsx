import { createFileRoute } from '@tanstack/react-router';
import { LayoutGrid } from 'lucide-react';
import { gameCenterSearch } from '../../app/search-schemas.ts';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/gameCenter')({
  validateSearch: gameCenterSearch,
  component: GameCenterScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function GameCenterScreen() {
  return <ComingSoon icon={LayoutGrid} />;
}
