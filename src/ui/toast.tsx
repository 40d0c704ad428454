import type { ReactNode } from 'react';
import styles from './toast.module.css';

/**
 * A short message at the top of the screen, below the header (a copy, a save,
 * an upload that succeeded: `status`; a session the server ended: `alert`).
 * How long it stays is its machine's delay.
 */
export function Toast({ children, role = 'status' }: { children: ReactNode; role?: 'status' | 'alert' }) {
  return (
    <p className={styles.toast} role={role}>
      {children}
    </p>
  );
}
