import { useCallback } from 'react';
import { useIntl } from 'react-intl';

export interface CurrencyLike {
  symbol: string;
  minorUnits: number;
}

/**
 * `formatMoney(123456, currency)` -> `₱1,234.56`: the symbol and the amount
 * of integer minor units with the currency's decimals (2 for PHP), grouped
 * for the language; negative amounts get a leading minus. `compact` leaves
 * out zero decimals (`₱258`), for badges, never for amounts in lists.
 */
export function useFormatMoney() {
  const intl = useIntl();
  return useCallback(
    (amount: number, currency: CurrencyLike, options: { signed?: boolean; compact?: boolean } = {}) => {
      const digits = currency.minorUnits;
      const scale = 10 ** digits;
      const abs = Math.abs(amount);
      const major = Math.trunc(abs / scale);
      const minor = abs - major * scale;
      const decimals = digits > 0 && !(options.compact && minor === 0);
      const text = `${intl.formatNumber(major, { maximumFractionDigits: 0 })}${decimals ? `${intl.formatNumber(0.1).charAt(1)}${String(minor).padStart(digits, '0')}` : ''}`;
      const sign = amount < 0 ? '-' : options.signed && amount > 0 ? '+' : '';
      return `${sign}${currency.symbol}${text}`;
    },
    [intl],
  );
}

/**
 * What the player typed (`200`, `200.5`, `1,000.50`) in integer minor units;
 * NaN when it is not an amount with at most `minorUnits` decimals.
 */
export function parseAmount(text: string, minorUnits: number): number {
  const clean = text.replace(/[\s,]/g, '');
  const match = /^(\d{1,13})(?:\.(\d*))?$/.exec(clean);
  if (!match) return Number.NaN;
  const fraction = match[2] ?? '';
  if (fraction.length > minorUnits) return Number.NaN;
  return Number(match[1]) * 10 ** minorUnits + Number(fraction.padEnd(minorUnits, '0') || '0');
}

/** Minor units as the plain text an amount field holds (`20000` -> `200`, `20050` -> `200.50`). */
export function amountText(amount: number, minorUnits: number): string {
  const scale = 10 ** minorUnits;
  const major = Math.trunc(amount / scale);
  const minor = amount - major * scale;
  return minor === 0 ? String(major) : `${major}.${String(minor).padStart(minorUnits, '0')}`;
}
