/**
 * The interface languages: the default and how a stored or requested
 * language code is normalised (spec sections 3 and 9). Shared by the client
 * (storage, the language menu) and the server (the page it renders first).
 */
export const defaultLanguage = 'EN';

/** The stored language, default EN; any value containing CN is CN. */
export function normaliseLanguage(value: string | null | undefined): string {
  if (!value) return defaultLanguage;
  const upper = value.toUpperCase();
  if (upper.includes('CN')) return 'CN';
  return /^[A-Z]{2}(-[A-Z]{2})?$/.test(upper) ? upper : defaultLanguage;
}
