import { useSelector } from '@xstate/react';
import { Icon } from '../../ui/icons.tsx';
import { useEffect, useRef } from 'react';
import { balanceMask } from '../../../machines/balance.machine.ts';
import { useBalance } from '../../app/money-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { IconButton } from '../../ui/button.tsx';
import styles from './balance-widget.module.css';
import { useFormatMoney } from '../../ui/money-format.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

/**
 * The header's balance (spec section 2): currency symbol and sumBalance to
 * 2 decimals, a hide toggle (asterisks) and a refresh button; masked while
 * loading. It reloads when the page becomes visible again (back from a game
 * or the payment page) and when the player comes to home (spec section 2: the
 * home load refreshes the member wallet). Loaded lazily by the header for
 * signed-in players.
 */
export default function BalanceWidget({ atHome = false }: { atHome?: boolean }) {
  useCatalogPart('money');
  const t = useT();
  const formatMoney = useFormatMoney();
  const actor = useBalance();
  const reading = useSelector(actor, (s) => s?.context.reading ?? null);
  const hidden = useSelector(actor, (s) => s?.context.hidden ?? false);
  const loading = useSelector(actor, (s) => s?.matches('loading') ?? true);
  const failed = useSelector(actor, (s) => s?.matches('failed') ?? false);

  // Coming to home (not the first reading, which the machine makes itself).
  const wasAtHome = useRef(atHome);
  useEffect(() => {
    if (atHome && !wasAtHome.current) actor?.send({ type: 'balance.refresh' });
    wasAtHome.current = atHome;
  }, [actor, atHome]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') actor?.send({ type: 'page.visible' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [actor]);

  const amount = reading ? formatMoney(reading.sumBalance, reading.currency) : null;
  const masked = hidden || loading || !amount;
  const text = failed && !reading ? t('money.balance.failed') : masked ? balanceMask : amount;
  // What screen readers are told: the amount (kept while it reloads, so an unchanged balance is not
  // announced again), nothing while the player hides it, or that it could not be loaded.
  const spoken = failed ? t('money.balance.unavailable') : hidden || !amount ? '' : amount;
  return (
    <div className={styles.widget} data-state={loading ? 'loading' : failed ? 'failed' : 'ready'}>
      {/*
        The amount is the hide toggle. Its name is stable ("Hide balance", pressed while hidden) and
        contains the amount it shows (WCAG 2.5.3); the asterisks and dashes are no label, so they are
        left out of it.
      */}
      <button type="button" className={styles.toggle} aria-pressed={hidden} onClick={() => actor?.send({ type: 'balance.toggleHidden' })}>
        {hidden ? <Icon name="eye-off" aria-hidden="true" focusable="false" /> : <Icon name="eye" aria-hidden="true" focusable="false" />}
        <span className={styles.hidden}>{t('money.balance.hide')}</span>{' '}
        <span className={styles.amount} aria-hidden={text === amount ? undefined : true} data-testid="balance-amount">
          {text}
        </span>
      </button>
      <output className={styles.hidden} aria-label={t('money.balance.label')}>
        {spoken}
      </output>
      <IconButton
        icon="refresh-cw"
        label={t('money.balance.refresh')}
        className={[styles.refresh, loading && styles.spinning].filter(Boolean).join(' ')}
        disabled={loading}
        onClick={() => actor?.send({ type: 'balance.refresh' })}
      />
    </div>
  );
}
