import type { Game } from '../../../contract/games.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { GameTile } from './game-tile.tsx';
import styles from './lobby.module.css';

/** A short grid of tiles (home blocks): every tile rendered. */
export function GameGrid({ games, eager = 0 }: { games: Game[]; eager?: number }) {
  return (
    <div className={styles.grid}>
      {games.map((game, i) => (
        <GameTile key={game.gameId} game={game} eager={i < eager} />
      ))}
    </div>
  );
}

export function TileSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className={styles.skeletonTile} />
      ))}
    </div>
  );
}
