import { Icon, type IconName } from './icons.tsx';
import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonLook {
  variant?: ButtonVariant;
  compact?: boolean;
  block?: boolean;
}

/** The class names of a button look, for links that should look like buttons. */
export function buttonClassName({ variant = 'primary', compact, block }: ButtonLook = {}): string {
  return [styles.button, styles[variant], compact && styles.compact, block && styles.block].filter(Boolean).join(' ');
}

export function Button({
  variant,
  compact,
  block,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook) {
  return (
    <button
      type={type}
      className={[buttonClassName({ variant, compact, block }), className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}

export const iconButtonClassName = styles.iconButton;

/** A 44 x 44 icon-only button; `label` is its accessible name. */
export function IconButton({
  icon,
  label,
  className,
  type = 'button',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> & { icon: IconName; label: string }) {
  return (
    <button
      type={type}
      aria-label={label}
      className={[styles.iconButton, className].filter(Boolean).join(' ')}
      {...props}
    >
      <Icon name={icon} aria-hidden="true" focusable="false" />
    </button>
  );
}
