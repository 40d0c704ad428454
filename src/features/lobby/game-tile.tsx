import { useSelector } from '@xstate/react';
import { Icon } from '../../ui/icons.tsx';
import type { SyntheticEvent } from 'react';
import { type Game, defaultGameIconUrl } from '../../../contract/games.ts';
import { useLobbyActors, usePlay } from '../../app/lobby-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import styles from './lobby.module.css';

/** Any broken game or vendor image shows the default tile instead. */
export function fallBackToDefaultIcon(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.src.endsWith(defaultGameIconUrl)) img.src = defaultGameIconUrl;
}

/**
 * A game tile (DESIGN.md): square icon, name in one line, vendor, NEW and HOT
 * ribbons, favourite star. A tap goes to the launcher; the star to favourites.
 * The tile presses as the spec's touch timings say (`data-press`, src/app/touch.ts).
 */
export function GameTile({ game, eager = false }: { game: Game; eager?: boolean }) {
  const t = useT();
  const play = useLobbyActors();
  const send = usePlay();
  const favourite = useSelector(play?.favourites, (s) => !!s && game.nodeId !== null && s.context.ids.includes(game.nodeId));
  return (
    <div className={styles.tile} data-testid="game-tile" data-game-id={game.gameId}>
      <button type="button" className={styles.tileButton} data-press onClick={() => send.launch({ type: 'game.open', game })}>
        <img
          className={styles.tileImage}
          src={game.iconUrl}
          alt=""
          width={120}
          height={120}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={fallBackToDefaultIcon}
        />
        <span className={styles.tileName}>{game.displayName}</span>
        <span className={styles.tileVendor}>{game.vendorName}</span>
      </button>
      {game.isNew ? <span className={styles.ribbon}>{t('lobby.tile.new')}</span> : null}
      {!game.isNew && game.hotOrder !== null ? <span className={`${styles.ribbon} ${styles.ribbonHot}`}>{t('lobby.tile.hot')}</span> : null}
      {game.nodeId ? (
        <button
          type="button"
          className={styles.star}
          // A stable name; pressed while the game is a favourite (the filled star).
          aria-pressed={favourite}
          aria-label={t('lobby.fav.toggle', { name: game.displayName })}
          onClick={() => send.favourites({ type: 'fav.toggle', nodeId: game.nodeId!, vendor: game.vassalage })}
        >
          <Icon name="star" aria-hidden="true" focusable="false" size={18} />
        </button>
      ) : null}
    </div>
  );
}
