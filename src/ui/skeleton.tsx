import styles from './skeleton.module.css';

/**
 * A placeholder block shaped like the content it stands for: a class gives
 * it its shape; without one it is a line of the surrounding text (a no-break
 * space in its font), so the text that takes its place moves nothing (CLS).
 */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={[styles.block, className].filter(Boolean).join(' ')}>
      {className ? null : '\u00a0'}
    </span>
  );
}

/** The loading state of a page: banner, a heading line and a grid of tiles. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.page} role="status" aria-busy="true" aria-label={label}>
      <Skeleton className={styles.banner} />
      <Skeleton className={styles.line} />
      <div className={styles.tiles}>
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Skeleton key={key} className={styles.tile} />
        ))}
      </div>
    </div>
  );
}
