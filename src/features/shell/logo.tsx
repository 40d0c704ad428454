import styles from './logo.module.css';

/** The brand mark (white-label: replace the artwork, keep the size). */
export function LogoMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M7 23V9h3.6l5.4 7.4L21.4 9H25v14h-3.6v-8.2L16 22l-5.4-7.2V23z" fill="var(--color-bg)" />
    </svg>
  );
}

export function LogoContent({ name }: { name: string }) {
  return (
    <>
      <LogoMark />
      <span className={styles.word} aria-hidden="true">
        {name}
      </span>
    </>
  );
}

export const logoClassName = styles.logo;
