import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './modal-focus.ts';
import styles from './sheet.module.css';

/** Spec section 9: popups ignore taps on their mask for the first 300 ms. */
const maskGuardMs = 300;

/**
 * A bottom sheet over a scrim, modal: focus moves into it, stays inside, and
 * returns to the opener when it closes; Escape or a tap on the scrim (after
 * 300 ms) closes it. It scrolls when its content is taller than the screen.
 */
export function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const openedAt = useRef(performance.now());
  const titleId = useId();
  const panel = useModalFocus<HTMLDivElement>(true, onClose, { focusPanel: true });
  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it (useModalFocus); the scrim is not a control
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
