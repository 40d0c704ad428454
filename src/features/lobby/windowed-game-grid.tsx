import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { infiniteScrollThresholdPx } from '../../../machines/game-list.machine.ts';
import type { Game } from '../../../contract/games.ts';
import { GameTile } from './game-tile.tsx';
import styles from './lobby.module.css';

const columns = 3;

/**
 * A long list of tiles, windowed: only the rows on screen (plus a few) are
 * in the DOM, positioned inside a box as tall as the whole list, so the full
 * catalogue scrolls smoothly on a slow phone. The page itself scrolls
 * (window virtualizer); rows are measured, so their height follows the width,
 * and the list's own place in the page is measured again when the page resizes.
 * Its own chunk (with the virtualizer), loaded by the lists that need it, not
 * by the home's short blocks.
 */
export default function WindowedGameGrid({ games, onNearEnd, canLoad = true }: { games: Game[]; onNearEnd?: () => void; canLoad?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  // Where the list starts in the page: measured at once, and again whenever the page's size
  // changes (a filter panel opening above it, a banner arriving), so rows never sit off their place.
  useLayoutEffect(() => {
    const measure = () => setOffset(box.current ? Math.round(box.current.getBoundingClientRect().top + window.scrollY) : 0);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const rows = Math.ceil(games.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => Math.round(window.innerWidth / columns) + 40,
    overscan: 3,
    scrollMargin: offset,
  });
  const items = virtualizer.getVirtualItems();
  // Infinite scroll: within 300 px of the bottom (the machine throttles and checks hasMore).
  useEffect(() => {
    if (!onNearEnd || !canLoad) return;
    const check = () => {
      const left = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (left <= infiniteScrollThresholdPx) onNearEnd();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [onNearEnd, canLoad]);
  return (
    <div ref={box} className={styles.windowed} style={{ height: virtualizer.getTotalSize() }}>
      {items.map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          className={styles.row}
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
        >
          <div className={styles.grid}>
            {games.slice(row.index * columns, row.index * columns + columns).map((game) => (
              <GameTile key={game.gameId} game={game} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
