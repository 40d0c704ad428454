import { lazy, Suspense } from 'react';
import { useLobbyActors } from '../../app/lobby-actors.ts';

/** The launcher's sheet and toasts: loaded with the launcher and the favourites. */
const PlayOverlays = lazy(() => import('./play-overlays.tsx'));

/** Everything the launcher shows on top of a lobby screen, once it is in. */
export function LobbyOverlays() {
  const play = useLobbyActors();
  return play ? (
    <Suspense fallback={null}>
      <PlayOverlays play={play} />
    </Suspense>
  ) : null;
}
