import { Icon, type IconName } from './icons.tsx';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button.tsx';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  icon: IconName;
  title: string;
  body?: string;
  /** The next step: a button or a link. */
  action?: ReactNode;
  /** `danger` for error states ("Loading failed, click to retry"). */
  tone?: 'neutral' | 'danger';
  /** Heading level of the title inside its page. */
  headingLevel?: 2 | 3;
  /** `alert` announces an error state to screen readers. */
  role?: 'status' | 'alert';
}

/** The empty / error / "coming soon" state of a screen: icon, short message, next step. */
export function EmptyState({ icon, title, body, action, tone = 'neutral', headingLevel = 2, role }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={[styles.root, tone === 'danger' && styles.danger].filter(Boolean).join(' ')} role={role}>
      <span className={styles.icon}>
        <Icon name={icon} aria-hidden="true" focusable="false" />
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {body ? <p className={styles.body}>{body}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}

/** A load that failed: the reason, announced, and a button that tries again. */
export function LoadFailed({
  title,
  retryLabel,
  onRetry,
  headingLevel,
  variant,
}: {
  title: string;
  retryLabel: string;
  onRetry: () => void;
  headingLevel?: 2 | 3;
  variant?: ButtonVariant;
}) {
  return (
    <EmptyState
      icon="wifi-off"
      tone="danger"
      role="alert"
      headingLevel={headingLevel}
      title={title}
      action={
        <Button variant={variant} onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
