import { useIntl } from 'react-intl';
import { useCatalogPart } from '../i18n/i18n-provider.tsx';
import type { MessageId } from '../i18n/message-id.ts';
import { useT } from '../i18n/use-t.ts';
import { type CurrencyLike, useFormatMoney } from './money-format.ts';
import { recordStyles as styles } from './records-layout.tsx';

/**
 * The rows of the record lists: a movement of a wallet (the transaction
 * record, and the team's for an agent) and a bet (the bet record and team
 * betting). `who` is the line an agent's lists add: whose row it is.
 */
export interface TransactionRow {
  id: number;
  kind: string;
  account: 'wallet' | 'hold';
  amount: number;
  balanceAfter: number;
  reference: string | null;
  createdAt: string;
}

export interface BetRow {
  id: number;
  roundId: string;
  gameName: string | null;
  vendorCode: string;
  stake: number;
  win: number;
  profit: number;
  status: 'open' | 'settled' | 'rolled_back';
  createdAt: string;
}

/**
 * What a movement of the withdrawal hold (account `hold`) is to the player:
 * not a change of the balance, so shown without a sign, with the amount on
 * hold after it. Placing the hold takes the amount off the balance (the
 * wallet row, "Withdrawal requested"); paying it out or releasing it moves
 * only the hold (a release also returns the amount to the balance).
 */
const holdKindIds: Record<string, MessageId> = {
  'withdraw.hold': 'money.kind.heldForWithdrawal',
  'withdraw.pay': 'money.kind.withdrawPay',
  'withdraw.release': 'money.kind.holdReleased',
};

const kindIds: Record<string, MessageId> = {
  deposit: 'money.kind.deposit',
  bonus: 'money.kind.bonus',
  'withdraw.hold': 'money.kind.withdrawHold',
  'withdraw.pay': 'money.kind.withdrawPay',
  'withdraw.release': 'money.kind.withdrawRelease',
  bet: 'money.kind.bet',
  win: 'money.kind.win',
  rollback: 'money.kind.rollback',
  adjust: 'money.kind.adjust',
  'agent.transfer': 'money.kind.agentTransfer',
};

const betStatusIds: Record<BetRow['status'], MessageId> = {
  open: 'money.bet.open',
  settled: 'money.bet.settled',
  rolled_back: 'money.bet.rolledBack',
};



/** One movement of a wallet: what it was, the signed amount, when, its reference, the balance after it. */
export function TransactionItem({ row, currency, who }: { row: TransactionRow; currency: CurrencyLike; who?: string }) {
  useCatalogPart('money');
  const t = useT();
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const held = row.account === 'hold';
  return (
    <li className={styles.item}>
      <span className={styles.itemTitle}>{t((held ? holdKindIds[row.kind] : kindIds[row.kind]) ?? 'money.kind.other')}</span>
      {held ? (
        <span className={[styles.money, styles.held].join(' ')}>{formatMoney(Math.abs(row.amount), currency)}</span>
      ) : (
        <span className={[styles.money, row.amount < 0 ? styles.minus : styles.plus].join(' ')}>
          {formatMoney(row.amount, currency, { signed: true })}
        </span>
      )}
      <span className={styles.itemMeta}>
        {who ? `${who} · ` : ''}
        {intl.formatDate(row.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        {row.reference ? ` · ${row.reference}` : ''}
      </span>
      <span className={[styles.itemMeta, styles.money].join(' ')}>
        {t(held ? 'money.records.heldAfter' : 'money.records.balanceAfter', { amount: formatMoney(row.balanceAfter, currency) })}
      </span>
    </li>
  );
}

/** One bet: the game, the signed result, when, the vendor and status, stake and win. */
export function BetItem({ row, currency, who }: { row: BetRow; currency: CurrencyLike; who?: string }) {
  useCatalogPart('money');
  const t = useT();
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  return (
    <li className={styles.item}>
      <span className={styles.itemTitle}>{row.gameName ?? row.vendorCode}</span>
      <span className={[styles.money, row.profit < 0 ? styles.minus : styles.plus].join(' ')}>{formatMoney(row.profit, currency, { signed: true })}</span>
      <span className={styles.itemMeta}>
        {who ? `${who} · ` : ''}
        {intl.formatDate(row.createdAt, { dateStyle: 'medium', timeStyle: 'short' })} · {row.vendorCode} · {t(betStatusIds[row.status])}
      </span>
      <span className={[styles.itemMeta, styles.money].join(' ')}>
        {t('money.bet.line', { stake: formatMoney(row.stake, currency), win: formatMoney(row.win, currency) })}
      </span>
    </li>
  );
}
