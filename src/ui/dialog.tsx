import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button, IconButton } from './button.tsx';
import { useModalFocus } from './modal-focus.ts';
import styles from './dialog.module.css';

/**
 * A tap on the mask (outside the panel) closes. The touch taps of a popup's
 * first 300 ms are ignored (spec section 9: src/app/touch.ts),
 * so the tap that opened a popup cannot also close it.
 */
function useMaskClose(open: boolean, onClose: () => void) {
  const mask = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const node = mask.current;
    if (!open || !node) return;
    const onClick = (event: MouseEvent) => {
      if (event.target === node) close.current();
    };
    node.addEventListener('click', onClick);
    return () => node.removeEventListener('click', onClick);
  }, [open]);
  return mask;
}

export interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  message: string;
  /** Without a cancel label the dialog has one button (a prompt); Escape and the mask then act as it. */
  cancelLabel?: string;
  submitLabel: string;
  onCancel?: () => void;
  onSubmit: () => void;
}

/** A modal confirm (cancel / submit), or a prompt with one button, announced as an alert dialog. */
export function ConfirmDialog({ open, title, message, cancelLabel, submitLabel, onCancel, onSubmit }: ConfirmDialogProps) {
  const dismiss = onCancel ?? onSubmit;
  const panel = useModalFocus<HTMLDivElement>(open, dismiss);
  const mask = useMaskClose(open, dismiss);
  const titleId = useId();
  const messageId = useId();
  if (!open) return null;
  return createPortal(
    <div ref={mask} className={styles.scrim}>
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : messageId}
        aria-describedby={title ? messageId : undefined}
        className={styles.dialog}
        tabIndex={-1}
      >
        {title ? (
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        ) : null}
        <p id={messageId} className={styles.message}>
          {message}
        </p>
        <div className={styles.actions}>
          {cancelLabel ? (
            <Button variant="ghost" onClick={dismiss}>
              {cancelLabel}
            </Button>
          ) : null}
          <Button variant="primary" onClick={onSubmit} data-autofocus>
            {submitLabel}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

export interface DrawerProps {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** The screen's edge it comes from: the inline start (the side menu, default) or end (the member menu). */
  edge?: 'start' | 'end';
}

/** A modal side sheet from the inline start (the side menu) or end (the member menu). */
export function Drawer({ open, title, closeLabel, onClose, children, edge = 'start' }: DrawerProps) {
  const panel = useModalFocus<HTMLDivElement>(open, onClose);
  const mask = useMaskClose(open, onClose);
  const titleId = useId();
  if (!open) return null;
  return createPortal(
    <>
      <div ref={mask} className={styles.drawerScrim} />
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} className={edge === 'end' ? `${styles.drawer} ${styles.drawerEnd}` : styles.drawer} tabIndex={-1}>
        <div className={styles.drawerHead}>
          <h2 id={titleId} className={styles.drawerTitle}>
            {title}
          </h2>
          <IconButton icon="x" label={closeLabel} onClick={onClose} />
        </div>
        {children}
      </div>
    </>,
    document.body,
  );
}
