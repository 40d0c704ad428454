import { useSelector } from '@xstate/react';
import type { CurrencyLike } from '../ui/money-format.ts';
import { useBalance } from './money-actors.ts';

const fallbackCurrency: CurrencyLike = { symbol: '', minorUnits: 2 };

/** The merchant's currency, from the site's balance reading (the header loads it). */
export function useSiteCurrency(): CurrencyLike {
  return useSelector(useBalance(), (s) => s?.context.reading?.currency ?? fallbackCurrency);
}
