import { createFileRoute } from '@tanstack/react-router';
import { LayoutList } from 'lucide-react';
import { gameListSearch } from '../../app/search-schemas.ts';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/gameList')({
  validateSearch: gameListSearch,
  component: GameListScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function GameListScreen() {
  return <ComingSoon icon={LayoutList} />;
}
