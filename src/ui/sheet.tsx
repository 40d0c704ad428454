import { type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './modal-focus.ts';
import styles from './sheet.module.css';

/**
 * A bottom sheet over a scrim, modal: focus moves into it, stays inside, and
 * returns to the opener when it closes; Escape or a tap on the scrim closes
 * it. Touch taps in its first 300 ms are ignored (src/app/touch.ts). It
 * scrolls when its content is taller than the screen.
 */
export function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const panel = useModalFocus<HTMLDivElement>(true, onClose, { focusPanel: true });
  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it (useModalFocus); the scrim is not a control
    // biome-ignore lint/a11y/noStaticElementInteractions: the scrim closes the sheet on tap, as the spec says
    <div
      className={styles.scrim}
      data-testid="sheet-scrim"
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
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
