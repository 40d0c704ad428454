/** Mobile numbers and e-mail addresses as the identity modules store and compare them. */

export interface Mobile {
  /** Digits of the country dialing code, without "+" ("63"). */
  dialingCode: string;
  /** National number, digits only, without leading zeros ("9171234567"). */
  number: string;
  /** "+639171234567": the SMS target and outbox recipient. */
  e164: string;
}

/** Strips spaces, dashes, dots and parentheses. */
export function mobileDigits(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

/** The national number (digits, no leading zeros), or null when it is not 6 to 14 digits. */
export function normalizeNationalNumber(value: string): string | null {
  const digits = mobileDigits(value);
  if (!/^\d+$/.test(digits)) return null;
  const national = digits.replace(/^0+/, '');
  return national.length >= 6 && national.length <= 14 ? national : null;
}

export function normalizeDialingCode(value: string): string | null {
  const code = value.trim().replace(/^\+/, '');
  return /^[1-9]\d{0,3}$/.test(code) ? code : null;
}

/** Null when either part is invalid or the whole is longer than E.164 allows (15 digits). */
export function normalizeMobile(dialingCode: string, mobileNum: string): Mobile | null {
  const code = normalizeDialingCode(dialingCode);
  const number = normalizeNationalNumber(mobileNum);
  if (!code || !number || code.length + number.length > 15) return null;
  return { dialingCode: code, number, e164: `+${code}${number}` };
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The outbox recipient key of a `to` query: an e-mail address lower-cased, else "+" and the digits. */
export function recipientKey(to: string): string {
  const trimmed = to.trim();
  if (trimmed.includes('@')) return normalizeEmail(trimmed);
  return `+${trimmed.replace(/\D/g, '')}`;
}
