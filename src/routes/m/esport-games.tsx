import { createFileRoute } from '@tanstack/react-router';
import { Gamepad2 } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/esport-games')({
  component: EsportGamesScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function EsportGamesScreen() {
  return <ComingSoon icon={Gamepad2} />;
}
