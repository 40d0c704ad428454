import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { type Contract, type ContractDecision, type ContractKind, maxContractTiers } from '../../../contract/agent-contracts.ts';
import { contractNotices, contractPayoutsId, type TierDraft } from '../../../machines/contract.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideContractMachine } from '../../app/contract-actors.ts';
import { useSiteCurrency } from '../../app/site-currency.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { formValues, useFieldErrors } from '../../ui/field-errors.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { parseAmount } from '../../ui/money-format.ts';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from './agent.module.css';
import { PayoutList, type PayoutsActor, StatusPill, TiersTable, tierColumns } from './contract-parts.tsx';
import contractStyles from './contract.module.css';

type ContractActor = ReturnType<typeof useContractActor>;

function useContractActor(kind: ContractKind) {
  const logic = useMemo(() => provideContractMachine(), []);
  return useSystemActor(logic, { systemId: 'contract', input: { kind } });
}

const statusIds: Record<Contract['status'], MessageId> = {
  pending: 'agent.contract.status.pending',
  active: 'agent.contract.status.active',
  rejected: 'agent.contract.status.rejected',
  withdrawn: 'agent.contract.status.withdrawn',
  ended: 'agent.contract.status.ended',
};

const decisionIds: Record<ContractDecision, { action: MessageId; confirm: MessageId }> = {
  accept: { action: 'agent.contract.accept', confirm: 'agent.contract.confirm.accept' },
  reject: { action: 'agent.contract.reject', confirm: 'agent.contract.confirm.reject' },
  withdraw: { action: 'agent.contract.withdraw', confirm: 'agent.contract.confirm.withdraw' },
  end: { action: 'agent.contract.end', confirm: 'agent.contract.confirm.end' },
};

/** The other party: the agent, on a contract received; the member, on one offered. */
const counterpartOf = (contract: Contract, offered: boolean) => (offered ? contract.memberAccount : contract.agentAccount);

/** One contract: who with, its status and dates, its tiers, and the decisions the caller may take. */
function ContractCard({ actor, contract, offered, decisions }: { actor: ContractActor; contract: Contract; offered: boolean; decisions: ContractDecision[] }) {
  const t = useT();
  const intl = useIntl();
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  const busy = useSelector(actor, (s) => !s.matches({ ready: 'idle' }));
  const when =
    contract.status === 'pending'
      ? t('agent.contract.offeredOn', { date: date(contract.createdAt) })
      : contract.status === 'ended' && contract.endedAt
        ? t('agent.contract.endedOn', { date: date(contract.endedAt) })
        : contract.decidedAt
          ? t(contract.status === 'active' ? 'agent.contract.since' : 'agent.contract.decidedOn', { date: date(contract.decidedAt) })
          : null;
  return (
    <article className={contractStyles.card} aria-label={t(offered ? 'agent.contract.to' : 'agent.contract.from', { account: counterpartOf(contract, offered) })}>
      <div className={contractStyles.cardHead}>
        <span className={styles.noticeTitle}>{t(offered ? 'agent.contract.to' : 'agent.contract.from', { account: counterpartOf(contract, offered) })}</span>
        <StatusPill status={contract.status} label={t(statusIds[contract.status])} />
      </div>
      {when ? <span className={styles.muted}>{when}</span> : null}
      <TiersTable kind={contract.kind} tiers={contract.tiers} />
      {decisions.length ? (
        <div className={styles.heroActions}>
          {decisions.map((decision) => (
            <Button
              key={decision}
              compact
              variant={decision === 'accept' ? 'primary' : 'secondary'}
              disabled={busy}
              onClick={() => actor.send({ type: 'contract.decide', contractId: contract.id, decision })}
            >
              {t(decisionIds[decision].action)}
            </Button>
          ))}
        </div>
      ) : null}
    </article>
  );
}

/** My contract: the active one from my agent, a proposal to accept or reject, and the history, collapsed. */
function MyContract({ actor, contracts }: { actor: ContractActor; contracts: Contract[] }) {
  const t = useT();
  const active = contracts.find((c) => c.status === 'active');
  const pending = contracts.find((c) => c.status === 'pending');
  const history = contracts.filter((c) => c.status !== 'active' && c.status !== 'pending');
  return (
    <section className={styles.group} aria-labelledby="contract-mine">
      <h2 id="contract-mine" className={styles.sectionTitle}>
        {t('agent.contract.mine')}
      </h2>
      {pending ? <ContractCard actor={actor} contract={pending} offered={false} decisions={['accept', 'reject']} /> : null}
      {active ? <ContractCard actor={actor} contract={active} offered={false} decisions={[]} /> : null}
      {!active && !pending ? <EmptyState headingLevel={3} icon="file-pen-line" title={t('agent.contract.none')} body={t('agent.contract.noneBody')} /> : null}
      {history.length ? (
        <details className={contractStyles.history}>
          <summary>{t('agent.contract.history', { count: history.length })}</summary>
          {history.map((c) => (
            <ContractCard key={c.id} actor={actor} contract={c} offered={false} decisions={[]} />
          ))}
        </details>
      ) : null}
    </section>
  );
}

/** Server refusals and the form's own problems land on the field they are about (`OfferError.field`). */
function OfferForm({ actor, kind }: { actor: ContractActor; kind: ContractKind }) {
  const t = useT();
  const currency = useSiteCurrency();
  const rows = useSelector(actor, (s) => s.context.rows);
  const offerError = useSelector(actor, (s) => s.context.offerError);
  const notice = useSelector(actor, (s) => s.context.notice);
  const proposing = useSelector(actor, (s) => s.matches({ ready: 'proposing' }));
  const idle = useSelector(actor, (s) => s.matches({ ready: 'idle' }));
  const errors = useFieldErrors(offerError?.messageId ?? null, offerError && offerError.field !== 'form' ? { [offerError.messageId]: [offerError.field] } : {});
  const columns = tierColumns[kind];
  // An offer sent: the form starts again empty (the machine is back to one row).
  const form = errors.form;
  useEffect(() => {
    if (notice === contractNotices.offered) form.current?.reset();
  }, [notice, form]);
  return (
    <section aria-labelledby="contract-offer">
      <form
        ref={errors.form}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          const value = formValues(event);
          const tiers: TierDraft[] = rows.map((row) => ({
            threshold: parseAmount(value(`threshold-${row}`), currency.minorUnits),
            // A rate is typed as a percentage with up to two decimals: hundredths of a percent are basis points.
            reward: parseAmount(value(`reward-${row}`), kind === 'dividend' ? 2 : currency.minorUnits),
          }));
          actor.send({ type: 'offer.submit', account: value('account'), tiers });
          errors.refocus(actor.getSnapshot().context.offerError?.messageId ?? null);
        }}
      >
        <h2 id="contract-offer" className={styles.sectionTitle}>
          {t('agent.contract.offer.title')}
        </h2>
        <TextField id="contract-account" name="account" label={t('agent.contract.offer.account')} hint={t('agent.contract.offer.accountHint')} autoComplete="off" errors={errors} />
        {rows.map((row, index) => (
          <fieldset key={row} className={contractStyles.tierRow}>
            <legend>
              {t('agent.contract.offer.tier', { n: index + 1 })}
              {rows.length > 1 ? (
                <Button variant="ghost" compact disabled={!idle} aria-label={t('agent.contract.offer.removeTier', { n: index + 1 })} onClick={() => actor.send({ type: 'offer.removeRow', row })}>
                  {t('agent.contract.offer.remove')}
                </Button>
              ) : null}
            </legend>
            <TextField id={`contract-threshold-${row}`} name={`threshold-${row}`} label={t(columns.threshold)} inputMode="decimal" autoComplete="off" errors={errors} />
            <TextField
              id={`contract-reward-${row}`}
              name={`reward-${row}`}
              label={t(kind === 'dividend' ? 'agent.contract.tier.ratePercent' : columns.reward)}
              inputMode="decimal"
              autoComplete="off"
              errors={errors}
            />
          </fieldset>
        ))}
        {errors.errorUnder('tiers')}
        {rows.length < maxContractTiers ? (
          <Button variant="ghost" compact disabled={!idle} onClick={() => actor.send({ type: 'offer.addRow' })}>
            {t('agent.contract.offer.addTier')}
          </Button>
        ) : null}
        {errors.formError}
        <Button type="submit" block disabled={proposing}>
          {proposing ? t('in_please_wait') : t('agent.contract.offer.send')}
        </Button>
      </form>
    </section>
  );
}

/** What the agent offered its direct downline: pending (withdraw) and active (end). */
function Offered({ actor, contracts }: { actor: ContractActor; contracts: Contract[] }) {
  const t = useT();
  return (
    <section className={styles.group} aria-labelledby="contract-offered">
      <h2 id="contract-offered" className={styles.sectionTitle}>
        {t('agent.contract.offered')}
      </h2>
      {contracts.length === 0 ? (
        <p className={styles.muted}>{t('agent.contract.offeredNone')}</p>
      ) : (
        contracts.map((c) => <ContractCard key={c.id} actor={actor} contract={c} offered decisions={c.status === 'pending' ? ['withdraw'] : c.status === 'active' ? ['end'] : []} />)
      )}
    </section>
  );
}

/**
 * A contract kind's screen (/m/member/agent/getSalaryContract,
 * getHourContract, getDevidendContract; machines/contract.machine.ts): my
 * contract from my agent (active, a proposal to accept or reject, the
 * history), an agent's offer form and what it offered (withdraw, end), and
 * the kind's payouts. Every decision is confirmed first.
 */
export function ContractScreen({ kind }: { kind: ContractKind }) {
  useCatalogPart('identity');
  const t = useT();
  const errorText = useErrorText();
  const actor = useContractActor(kind);
  const overview = useSelector(actor, (s) => s.context.overview);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const decisionError = useSelector(actor, (s) => s.context.decisionError);
  const notice = useSelector(actor, (s) => s.context.notice);
  const pending = useSelector(actor, (s) => (s.matches({ ready: 'confirming' }) ? s.context.pending : null));
  const payouts = useSelector(actor, (s) => s.children[contractPayoutsId] as PayoutsActor | undefined);

  if (failed) {
    return (
      <div className={styles.screen}>
        <LoadFailed title={errorText(loadError ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'contract.retry' })} />
      </div>
    );
  }
  return (
    <div className={styles.screen}>
      {overview ? (
        <div className={styles.group} aria-busy={loading}>
          <MessageAlert messageId={decisionError} />
          {notice ? (
            <p className={styles.muted} role="status">
              {t(notice as MessageId)}
            </p>
          ) : null}
          <MyContract actor={actor} contracts={overview.received} />
          {overview.canOffer ? (
            <>
              <OfferForm actor={actor} kind={kind} />
              <Offered actor={actor} contracts={overview.offered} />
            </>
          ) : null}
        </div>
      ) : (
        <PageSkeleton label={t('in_please_wait')} />
      )}
      <PayoutList payouts={payouts} title={t('agent.contract.payouts')} />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(decisionIds[pending.decision].action) : undefined}
        message={pending ? t(decisionIds[pending.decision].confirm, { account: counterpartOf(pending.contract, pending.decision === 'withdraw' || pending.decision === 'end') }) : ''}
        cancelLabel={t('dialog.cancel')}
        submitLabel={pending ? t(decisionIds[pending.decision].action) : ''}
        onCancel={() => actor.send({ type: 'decision.cancel' })}
        onSubmit={() => actor.send({ type: 'decision.confirm' })}
      />
    </div>
  );
}
