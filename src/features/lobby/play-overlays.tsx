import { useSelector } from '@xstate/react';
import { Icon } from '../../ui/icons.tsx';
import type { Game } from '../../../contract/games.ts';
import type { PlayActors } from '../../app/play-actors.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { fallBackToDefaultIcon } from './game-tile.tsx';
import styles from './lobby.module.css';
import { Sheet } from '../../ui/sheet.tsx';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

function formatMinBet(minBet: number) {
  return (minBet / 100).toFixed(2);
}

/** The game action sheet: play, free play where the game offers it, favourite star; closes on a mask tap. */
function GameActionSheet({ play }: { play: PlayActors }) {
  const t = useT();
  const { launch, favourites } = play;
  const game = useSelector(launch, (s) => (s.matches('sheet') ? (s.context.sheetGame as Game | null) : null));
  const favourite = useSelector(favourites, (s) => (game?.nodeId ? s.context.ids.includes(game.nodeId) : false));
  if (!game) return null;
  const close = () => launch.send({ type: 'sheet.close' });
  return (
    <Sheet title={game.displayName} onClose={close}>
      <div className={styles.sheetHead}>
        <img src={game.iconUrl} alt="" width={64} height={64} onError={fallBackToDefaultIcon} />
        <div>
          <p>{game.vendorName}</p>
          <p className={styles.muted}>{t('lobby.sheet.minBet', { amount: formatMinBet(game.minBet) })}</p>
        </div>
        <IconButton icon="x" label={t('lobby.sheet.close')} onClick={close} />
      </div>
      <div className={styles.sheetActions}>
        <Button variant="secondary" onClick={() => favourites.send({ type: 'fav.toggle', nodeId: game.nodeId!, vendor: game.vassalage })}>
          <Icon name="star" aria-hidden="true" focusable="false" size={18} />
          {t(favourite ? 'lobby.fav.removeShort' : 'lobby.fav.addShort')}
        </Button>
        {game.supportPlay === 0 ? (
          <Button variant="secondary" onClick={() => launch.send({ type: 'sheet.play', free: true })}>
            {t('lobby.sheet.free')}
          </Button>
        ) : null}
        <Button variant="primary" onClick={() => launch.send({ type: 'sheet.play', free: false })}>
          <Icon name="play" aria-hidden="true" focusable="false" size={18} />
          {t('lobby.sheet.play')}
        </Button>
      </div>
    </Sheet>
  );
}

/** One toast at a time: the favourites login notice (2 s), a launch in progress, or the last failure (1.5 s; the machines time both). */
function LobbyToast({ play }: { play: PlayActors }) {
  const t = useT();
  const errorText = useErrorText();
  const { launch, favourites } = play;
  const info = useSelector(favourites, (s) => s.context.info);
  const favError = useSelector(favourites, (s) => s.context.errorCode);
  const launching = useSelector(launch, (s) => s.matches('launching') || s.matches('finding'));
  const launchError = useSelector(launch, (s) => s.context.errorCode);
  if (info === 'in_logged_login') {
    return (
      <p role="status" className={styles.toast}>
        {t('in_logged_login')}
      </p>
    );
  }
  if (launching) {
    return (
      <p role="status" className={styles.toast}>
        <Icon name="loader" aria-hidden="true" focusable="false" size={16} /> {t('lobby.launching')}
      </p>
    );
  }
  const error = launchError ?? favError;
  if (error) {
    return (
      <p role="alert" className={styles.toast}>
        {errorText(error)}
      </p>
    );
  }
  return null;
}

/** The launcher's sheet and toasts over a lobby screen. */
export default function PlayOverlays({ play }: { play: PlayActors }) {
  useCatalogPart('lobby');
  return (
    <>
      <GameActionSheet play={play} />
      <LobbyToast play={play} />
    </>
  );
}
