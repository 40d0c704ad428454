import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { VipBenefit } from '../../../contract/loyalty.ts';
import { vipProgress } from '../../../machines/vip-room.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideRewardCenterMachine, provideVipRoomMachine } from '../../app/loyalty-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { LoadFailed } from '../../ui/empty-state.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { type CurrencyLike, useFormatMoney } from '../../ui/money-format.ts';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { Toast } from '../../ui/toast.tsx';
import styles from './member.module.css';

/** One benefit of a VIP level in words, its figure formatted. */
function useBenefitText(currency: CurrencyLike) {
  const t = useT();
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  return ({ kind, value }: VipBenefit) => {
    switch (kind) {
      case 'upgradeBonus':
        return t('loyalty.benefit.upgradeBonus', { amount: formatMoney(value, currency) });
      case 'birthdayBonus':
        return t('loyalty.benefit.birthdayBonus', { amount: formatMoney(value, currency) });
      case 'dailyWithdrawals':
        return t('loyalty.benefit.dailyWithdrawals', { count: value });
      case 'rebate':
        return t('loyalty.benefit.rebate', { percent: intl.formatNumber(value / 10_000, { style: 'percent', maximumFractionDigits: 2 }) });
      case 'dedicatedService':
        return t('loyalty.benefit.dedicatedService');
    }
  };
}

/**
 * The VIP room (/m/member/benefits; spec sections 2 and 6): the member's
 * level from lifetime turnover, the way to the next level, and every level
 * with its benefits. The side menu shows its entry only with the VIP flag;
 * without it the server refuses and the screen says so.
 */
export function VipRoomScreen() {
  useCatalogPart('identity');
  const t = useT();
  const errorText = useErrorText();
  const formatMoney = useFormatMoney();
  const logic = useMemo(() => provideVipRoomMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'vipRoom' });
  const state = useSelector(actor, (s) => s.value as string);
  const status = useSelector(actor, (s) => s.context.status);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const benefitText = useBenefitText(status?.currency ?? { symbol: '', minorUnits: 2 });
  if (state === 'failed') {
    return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'vip.retry' })} />;
  }
  if (!status) return <PageSkeleton label={t('in_please_wait')} />;
  const { current, next, toNext, ratio } = vipProgress(status);
  const money = (amount: number) => formatMoney(amount, status.currency);
  return (
    <div className={styles.screen}>
      <section className={styles.panel} aria-labelledby="vip-level">
        <p className={styles.hint}>{t('loyalty.vip.level')}</p>
        <h2 id="vip-level" className={styles.name}>
          {current?.name ?? '—'}
        </h2>
        <p className={styles.hint}>{t('loyalty.vip.turnover', { amount: money(status.turnover) })}</p>
        {next ? (
          <>
            <progress className={styles.progress} max={1} value={ratio} aria-label={t('loyalty.vip.progress', { level: next.name })} />
            <p>{t('loyalty.vip.toNext', { amount: money(toNext), level: next.name })}</p>
          </>
        ) : (
          <p>{t('loyalty.vip.top')}</p>
        )}
        <p className={styles.hint}>{t('loyalty.vip.how')}</p>
      </section>
      <section className={styles.block} aria-labelledby="vip-levels">
        <h2 id="vip-levels" className={styles.sectionTitle}>
          {t('loyalty.vip.levels')}
        </h2>
        <ul className={styles.rows}>
          {status.levels.map((level) => (
            <li key={level.level} className={styles.row} aria-current={level.level === status.level ? 'true' : undefined}>
              <span className={styles.cardText}>
                <strong>
                  {level.name}
                  {level.level === status.level ? ' ' : null}
                  {level.level === status.level ? <span className={styles.tag}>{t('loyalty.vip.yours')}</span> : null}
                </strong>
                <span className={styles.rowValue}>{t('loyalty.vip.from', { amount: money(level.turnover) })}</span>
                <span className={styles.benefits}>
                  {level.benefits.map((benefit) => (
                    <span key={benefit.kind}>{benefitText(benefit)}</span>
                  ))}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * The reward center (/m/mall/mallHome, the points mall; spec sections 2 and
 * 6): points earned on turnover, spent and left, and the rewards; a reward
 * is redeemed after confirmation, its bonus paid into the wallet once. The
 * side menu shows its entry only with the points switch; without it the
 * server refuses and the screen says so.
 */
export function RewardCenterScreen() {
  useCatalogPart('identity');
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const formatMoney = useFormatMoney();
  const logic = useMemo(() => provideRewardCenterMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'rewardCenter' });
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : (s.value as string)));
  const flow = useSelector(actor, (s) => (s.matches('ready') ? (s.value as { ready: { flow: string } }).ready.flow : null));
  const toast = useSelector(actor, (s) => s.matches({ ready: { toast: 'shown' } }));
  const mall = useSelector(actor, (s) => s.context.mall);
  const item = useSelector(actor, (s) => s.context.item);
  const redeemed = useSelector(actor, (s) => s.context.redeemed);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  if (state === 'failed') {
    return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'mall.retry' })} />;
  }
  if (!mall) return <PageSkeleton label={t('in_please_wait')} />;
  const money = (amount: number) => formatMoney(amount, mall.currency);
  const points = (n: number) => intl.formatNumber(n);
  return (
    <div className={styles.screen}>
      <section className={styles.panel} aria-labelledby="mall-points">
        <p id="mall-points" className={styles.hint}>
          {t('loyalty.mall.available')}
        </p>
        <p className={styles.figure} data-testid="mall-available">
          {points(mall.available)}
        </p>
        <p className={styles.hint}>
          {t('loyalty.mall.earned', { points: points(mall.earned) })} · {t('loyalty.mall.spent', { points: points(mall.spent) })}
        </p>
        <p className={styles.hint}>{t('loyalty.mall.rate', { amount: money(mall.turnoverPerPoint) })}</p>
      </section>
      <section className={styles.block} aria-labelledby="mall-rewards" aria-busy={flow === 'redeeming'}>
        <h2 id="mall-rewards" className={styles.sectionTitle}>
          {t('loyalty.mall.rewards')}
        </h2>
        {errorCode && flow === 'idle' ? <MessageAlert messageId={errorCode} /> : null}
        <ul className={styles.rows}>
          {mall.items.map((reward) => {
            const name = t(`loyalty.item.${reward.nameKey}`);
            return (
              <li key={reward.id} className={styles.row}>
                <span className={styles.cardText}>
                  <strong>{name}</strong>
                  <span className={styles.rowValue}>
                    {t('loyalty.mall.cost', { points: reward.points })} · {t('loyalty.mall.reward', { amount: money(reward.reward) })}
                  </span>
                </span>
                <Button
                  variant={reward.points <= mall.available ? 'primary' : 'secondary'}
                  compact
                  aria-label={t('loyalty.mall.redeemLabel', { name })}
                  disabled={flow === 'redeeming'}
                  onClick={() => actor.send({ type: 'reward.pick', itemId: reward.id })}
                >
                  {t('loyalty.mall.redeem')}
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
      {toast && redeemed ? <Toast>{t('loyalty.mall.redeemed', { amount: money(redeemed.reward) })}</Toast> : null}
      <ConfirmDialog
        open={flow === 'confirming'}
        title={t('loyalty.mall.confirmTitle')}
        message={
          item ? t('loyalty.mall.confirmMessage', { name: t(`loyalty.item.${item.nameKey}`), points: item.points, amount: money(item.reward) }) : ''
        }
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('loyalty.mall.redeem')}
        onCancel={() => actor.send({ type: 'reward.cancel' })}
        onSubmit={() => actor.send({ type: 'reward.confirm' })}
      />
    </div>
  );
}
