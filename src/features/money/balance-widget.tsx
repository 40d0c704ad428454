import { useSelector } from '@xstate/react';
import { Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { balanceMask } from '../../../machines/balance.machine.ts';
import { balanceActorFor } from '../../app/money-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { IconButton } from '../../ui/button.tsx';
import styles from './balance-widget.module.css';
import { useFormatMoney } from '../../ui/money-format.ts';

/**
 * The header's balance (spec section 2): currency symbol and sumBalance to
 * 2 decimals, a hide toggle (asterisks) and a refresh button; masked while
 * loading. It reloads when the page becomes visible again (back from a game
 * or the payment page). Loaded lazily by the header for signed-in players.
 */
export default function BalanceWidget({ token }: { token: string }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const actor = useMemo(() => balanceActorFor(token), [token]);
  const reading = useSelector(actor, (s) => s.context.reading);
  const hidden = useSelector(actor, (s) => s.context.hidden);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'page.visible' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [actor]);

  const shown = hidden || loading || !reading ? balanceMask : formatMoney(reading.sumBalance, reading.currency);
  const text = failed && !reading ? t('money.balance.failed') : shown;
  return (
    <div className={styles.widget} data-state={loading ? 'loading' : failed ? 'failed' : 'ready'}>
      {/* The amount is the hide toggle; screen readers get the amount from the output beside it. */}
      <button
        type="button"
        className={styles.toggle}
        aria-label={t(hidden ? 'money.balance.show' : 'money.balance.hide')}
        aria-pressed={hidden}
        onClick={() => actor.send({ type: 'balance.toggleHidden' })}
      >
        {hidden ? <EyeOff aria-hidden="true" focusable="false" /> : <Eye aria-hidden="true" focusable="false" />}
        <span className={styles.amount} aria-hidden="true">
          {text}
        </span>
      </button>
      <output className={styles.hidden} aria-label={t('money.balance.label')} aria-busy={loading}>
        {text}
      </output>
      <IconButton
        icon={RefreshCw}
        label={t('money.balance.refresh')}
        className={[styles.refresh, loading && styles.spinning].filter(Boolean).join(' ')}
        disabled={loading}
        onClick={() => actor.send({ type: 'balance.refresh' })}
      />
    </div>
  );
}
