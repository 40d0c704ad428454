import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './sheet.module.css';

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
      className={styles.scrim}
      data-testid="sheet-scrim"
      onClick={(e) => {
        if (e.target === e.currentTarget && performance.now() - openedAt.current >= maskGuardMs) onClose();
      }}
    >
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} className={styles.sheet} tabIndex={-1}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
