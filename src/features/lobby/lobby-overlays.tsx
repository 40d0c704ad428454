import { useSelector } from '@xstate/react';
import { Loader, Play, Star, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { Game } from '../../api/games.ts';
import { useLobbyActors } from '../../app/lobby-actors.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { fallBackToDefaultIcon } from './game-tile.tsx';
import styles from './lobby.module.css';

/** Spec section 9: popups ignore taps on their mask for the first 300 ms. */
const maskGuardMs = 300;

/** A bottom sheet or centred panel over a scrim; a tap on the scrim closes it (after 300 ms). */
export function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const openedAt = useRef(performance.now());
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it (above); the scrim is not a control
    // biome-ignore lint/a11y/noStaticElementInteractions: the scrim closes the sheet on tap, as the spec says
    <div
      className={styles.sheetScrim}
      data-testid="sheet-scrim"
      onClick={(e) => {
        if (e.target === e.currentTarget && performance.now() - openedAt.current >= maskGuardMs) onClose();
      }}
    >
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} className={styles.sheet} tabIndex={-1}>
        <h2 id={titleId} className={styles.sheetTitle}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}

function formatMinBet(minBet: number) {
  return (minBet / 100).toFixed(2);
}

/** The game action sheet: play, free play where the game offers it, favourite star; closes on a mask tap. */
export function GameActionSheet() {
  const t = useT();
  const { launch, favourites } = useLobbyActors();
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
        <IconButton icon={X} label={t('lobby.sheet.close')} onClick={close} />
      </div>
      <div className={styles.sheetActions}>
        <Button variant="secondary" onClick={() => favourites.send({ type: 'fav.toggle', nodeId: game.nodeId!, vendor: game.vassalage })}>
          <Star aria-hidden="true" focusable="false" size={18} />
          {t(favourite ? 'lobby.fav.removeShort' : 'lobby.fav.addShort')}
        </Button>
        {game.supportPlay === 0 ? (
          <Button variant="secondary" onClick={() => launch.send({ type: 'sheet.play', free: true })}>
            {t('lobby.sheet.free')}
          </Button>
        ) : null}
        <Button variant="primary" onClick={() => launch.send({ type: 'sheet.play', free: false })}>
          <Play aria-hidden="true" focusable="false" size={18} />
          {t('lobby.sheet.play')}
        </Button>
      </div>
    </Sheet>
  );
}

/** One toast at a time: the favourites login notice (2 s), a launch in progress, or the last failure (1.5 s; the machines time both). */
export function LobbyToast() {
  const t = useT();
  const errorText = useErrorText();
  const { launch, favourites } = useLobbyActors();
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
        <Loader aria-hidden="true" focusable="false" size={16} /> {t('lobby.launching')}
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

/** Everything the launcher shows on top of a lobby screen. */
export function LobbyOverlays() {
  return (
    <>
      <GameActionSheet />
      <LobbyToast />
    </>
  );
}
