import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { OpenAccountKind } from '../../../contract/agent.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideOpenAccountMachine } from '../../app/agent-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { LoadFailed } from '../../ui/empty-state.tsx';
import { formValues, useFieldErrors } from '../../ui/field-errors.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { recordStyles } from '../../ui/records-layout.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { Toast } from '../../ui/toast.tsx';
import styles from './agent.module.css';

type OpenActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideOpenAccountMachine>>>;

const kinds: readonly OpenAccountKind[] = ['member', 'agent'];

/**
 * Open account (/m/agentRegister): the agent opens a member or a sub-agent
 * in the direct downline, checked by the server with the registration rules,
 * and finds the affiliate code and link to invite with
 * (machines/open-account.machine.ts).
 */
export function OpenAccountScreen() {
  useCatalogPart('identity');
  const logic = useMemo(() => provideOpenAccountMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'openAccount' });
  return (
    <div className={styles.screen}>
      <OpenForm actor={actor} />
      <AffiliatePanel actor={actor} />
    </div>
  );
}

function OpenForm({ actor }: { actor: OpenActor }) {
  const t = useT();
  const opened = useSelector(actor, (s) => s.context.opened);
  const submitting = useSelector(actor, (s) => s.matches({ form: 'submitting' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const errorField = useSelector(actor, (s) => s.context.errorField);
  const errors = useFieldErrors(errorCode, errorCode && errorField ? { [errorCode]: [errorField] } : {});
  const [kind, setKind] = useState<OpenAccountKind>('member');
  if (opened) {
    return (
      <section className={styles.form} aria-labelledby="opened-title">
        <h2 id="opened-title" className={styles.sectionTitle} role="status">
          {t(opened.affiliateCode ? 'agent.open.doneAgent' : 'agent.open.doneMember', { account: opened.account })}
        </h2>
        {opened.affiliateCode ? <p className={styles.muted}>{t('agent.open.code', { code: opened.affiliateCode })}</p> : null}
        <Button variant="secondary" onClick={() => actor.send({ type: 'account.another' })}>
          {t('agent.open.another')}
        </Button>
      </section>
    );
  }
  return (
    <form
      ref={errors.form}
      className={styles.form}
      noValidate
      aria-busy={submitting}
      onSubmit={(event) => {
        const value = formValues(event);
        const nickname = value('nickname').trim();
        actor.send({
          type: 'account.submit',
          payload: {
            kind,
            username: value('username').trim(),
            password: value('password'),
            confirmPassword: value('confirmPassword'),
            ...(nickname ? { nickname } : {}),
          },
        });
      }}
    >
      <fieldset className={styles.chips} aria-label={t('agent.open.kind')}>
        {kinds.map((value) => (
          <button key={value} type="button" className={recordStyles.chip} aria-pressed={kind === value} onClick={() => setKind(value)}>
            {t(`agent.open.${value}`)}
          </button>
        ))}
      </fieldset>
      <TextField id="open-username" name="username" label={t('agent.open.username')} autoComplete="off" maxLength={32} errors={errors} />
      <TextField id="open-password" name="password" type="password" label={t('agent.open.password')} autoComplete="new-password" maxLength={128} errors={errors} />
      <TextField
        id="open-confirm"
        name="confirmPassword"
        type="password"
        label={t('agent.open.confirmPassword')}
        autoComplete="new-password"
        maxLength={128}
        errors={errors}
      />
      <TextField id="open-nickname" name="nickname" label={t('agent.open.nickname')} autoComplete="off" maxLength={64} errors={errors} />
      {errors.formError}
      <Button type="submit" block disabled={submitting}>
        {submitting ? t('in_please_wait') : t('agent.open.submit')}
      </Button>
    </form>
  );
}

function AffiliatePanel({ actor }: { actor: OpenActor }) {
  const t = useT();
  const errorText = useErrorText();
  const affiliate = useSelector(actor, (s) => s.context.affiliate);
  const failed = useSelector(actor, (s) => s.matches({ affiliate: 'failed' }));
  const errorCode = useSelector(actor, (s) => s.context.affiliateError);
  const copyError = useSelector(actor, (s) => s.context.copyError);
  const toast = useSelector(actor, (s) => s.matches({ affiliate: { ready: { toast: 'shown' } } }));
  const busy = useSelector(actor, (s) => !s.matches({ affiliate: { ready: { action: 'idle' } } }));
  if (failed) {
    return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'affiliate.retry' })} />;
  }
  return (
    <section className={styles.form} aria-labelledby="affiliate-title" aria-busy={!affiliate}>
      <h2 id="affiliate-title" className={styles.sectionTitle}>
        {t('agent.affiliate')}
      </h2>
      {affiliate ? (
        <>
          <p className={styles.greeting}>{affiliate.code}</p>
          <p className={styles.link}>{affiliate.link}</p>
          <p className={styles.muted}>{t('agent.affiliate.registered', { count: affiliate.registered })}</p>
          <div className={styles.heroActions}>
            <Button variant="secondary" compact disabled={busy} onClick={() => actor.send({ type: 'affiliate.copy', part: 'code' })}>
              {t('referral.copyCode')}
            </Button>
            <Button variant="secondary" compact disabled={busy} onClick={() => actor.send({ type: 'affiliate.copy', part: 'link' })}>
              {t('referral.copyLink')}
            </Button>
          </div>
          <MessageAlert messageId={copyError} />
        </>
      ) : (
        <Skeleton />
      )}
      {toast ? <Toast>{t('account.copied')}</Toast> : null}
    </section>
  );
}
