/** The decorative jackpot counters of spec section 4, run by their machine (machines/jackpot-counter.machine.ts). */
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { JackpotMode } from '../../../machines/jackpot-counter.machine.ts';
import { useJackpotCounter } from '../../app/jackpot-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import type { CurrencyLike } from '../../ui/money-format.ts';
import styles from './lobby.module.css';

/**
 * growing: the home footer's counter, which grows every 3 to 5 s (or stands still with reduced motion); fixed: the
 * slots centre's number from 833,000,000.00 to 833,999,999.99.
 */
export function JackpotCounter({ currency, mode = 'growing' }: { currency: CurrencyLike | null; mode?: JackpotMode }) {
  const t = useT();
  const intl = useIntl();
  const { value, decimals } = useSelector(useJackpotCounter(mode), (s) => s.context);
  return (
    <div className={styles.jackpot}>
      <span>{t('lobby.footer.jackpot')}</span>
      <span className={styles.jackpotValue}>
        {currency?.symbol ?? ''}
        {intl.formatNumber(value / 10 ** decimals, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}
      </span>
    </div>
  );
}
