import { useTouchHandling } from '../../app/touch-start.ts';
import { LinkedAccountsSection } from './linked-accounts.tsx';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MemberSession, SecurityQuestionId } from '../../../contract/security.ts';
import type { PaymentPasswordMode } from '../../../machines/payment-password.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import {
  provideBankCardsMachine,
  providePaymentPasswordMachine,
  provideSecurityCenterMachine,
  provideSecurityQuestionsMachine,
  securityCenterSystemId,
} from '../../app/security-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { BankCardFields, cardErrorFields } from '../../ui/bank-card-fields.tsx';
import { Button, } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { LoadFailed } from '../../ui/empty-state.tsx';
import { type ErrorFields, formValues, useFieldErrors } from '../../ui/field-errors.tsx';
import formStyles from '../../ui/form.module.css';
import { Icon } from '../../ui/icons.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { Sheet } from '../../ui/sheet.tsx';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { PinField, TextField } from '../../ui/text-field.tsx';
import { Toast } from '../../ui/toast.tsx';
import { TrialRefused } from '../../ui/trial-refused.tsx';
import styles from './member.module.css';

type SecurityCenterActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideSecurityCenterMachine>>>;

/** The fields each refusal of the payment password's forms is about (`proof`: the old one, or the login password). */
const pinErrorFields: ErrorFields = {
  'money.password.format': ['newPassword'],
  'withdraw.password.invalid': ['newPassword'],
  'money.password.mismatch': ['confirmPassword'],
  'password.confirm.mismatch': ['confirmPassword'],
  'security.pin.oldFormat': ['proof'],
  'withdraw.password.incorrect': ['proof'],
  'security.loginPassword.required': ['proof'],
  'modify.old.password.incorrect': ['proof'],
};

const pinTitles = { set: 'security.pin.setTitle', change: 'security.pin.changeTitle', reset: 'security.pin.resetTitle' } as const satisfies Record<string, MessageId>;

/** The payment password's sheet, run by its machine: set, change with the old one, or reset with the login password. */
function PaymentPasswordSheet({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const t = useT();
  const logic = useMemo(() => providePaymentPasswordMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'paymentPassword', input: { hasPassword } });
  // While it saves, the form stays the one that was sent (a refusal comes back to it with what was typed).
  const form = useSelector(actor, (s): PaymentPasswordMode =>
    s.matches('change') ? 'change' : s.matches('reset') ? 'reset' : s.matches('set') ? 'set' : (s.context.request?.mode ?? 'set'),
  );
  const busy = useSelector(actor, (s) => s.matches('saving') || s.matches('saved'));
  const saved = useSelector(actor, (s) => s.matches('saved'));
  const done = useSelector(actor, (s) => s.status === 'done');
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const errors = useFieldErrors(errorCode, pinErrorFields);
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  const cancel = () => actor.send({ type: 'pin.cancel' });
  return (
    <Sheet title={t(pinTitles[form])} onClose={cancel}>
      <form
        key={form}
        ref={errors.form}
        className={styles.form}
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          const value = formValues(event);
          actor.send({ type: 'pin.submit', proof: value('proof'), newPassword: value('newPassword'), confirmPassword: value('confirmPassword') });
          errors.refocus(actor.getSnapshot().context.errorCode);
        }}
      >
        <p className={styles.hint}>{t(form === 'reset' ? 'security.pin.resetLead' : 'security.pin.lead')}</p>
        {form === 'change' ? <PinField id="pin-old" name="proof" label={t('security.pin.old')} autoComplete="current-password" errors={errors} /> : null}
        {form === 'reset' ? (
          <TextField id="pin-login" name="proof" type="password" label={t('security.loginPassword.label')} autoComplete="current-password" maxLength={128} errors={errors} />
        ) : null}
        <PinField id="pin-new" name="newPassword" label={t('security.pin.new')} autoComplete="new-password" errors={errors} />
        <PinField id="pin-confirm" name="confirmPassword" label={t('security.pin.confirm')} autoComplete="new-password" errors={errors} />
        {errors.formError}
        {saved ? <Toast>{t('security.pin.saved')}</Toast> : null}
        <Button type="submit" block disabled={busy}>
          {busy ? t('in_please_wait') : t('security.pin.save')}
        </Button>
        {form === 'change' ? (
          <Button type="button" variant="ghost" block onClick={() => actor.send({ type: 'pin.forgot' })}>
            {t('security.pin.forgot')}
          </Button>
        ) : null}
        <Button type="button" variant="ghost" block onClick={cancel}>
          {t('dialog.cancel')}
        </Button>
      </form>
    </Sheet>
  );
}

const questionErrorFields: ErrorFields = {
  'security.question.invalid': ['question0'],
  'security.answer.invalid': ['answer0'],
  'security.loginPassword.required': ['loginPassword'],
  'modify.old.password.incorrect': ['loginPassword'],
};

/** The security questions' sheet, run by its machine: pick and answer the questions, confirm with the login password. */
function SecurityQuestionsSheet({ current, onClose }: { current: SecurityQuestionId[]; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => provideSecurityQuestionsMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'securityQuestions', input: { current } });
  const state = useSelector(actor, (s) => s.value as string);
  const choices = useSelector(actor, (s) => s.context.choices);
  const done = useSelector(actor, (s) => s.status === 'done');
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const errors = useFieldErrors(state === 'failed' ? null : errorCode, questionErrorFields);
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  const cancel = () => actor.send({ type: 'questions.cancel' });
  const busy = state === 'saving' || state === 'saved';
  return (
    <Sheet title={t('security.questions.title')} onClose={cancel}>
      {state === 'failed' ? (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'questions.retry' })} />
      ) : !choices ? (
        <PageSkeleton label={t('in_please_wait')} />
      ) : (
        <form
          ref={errors.form}
          className={styles.form}
          noValidate
          aria-busy={busy}
          onSubmit={(event) => {
            const value = formValues(event);
            const answers = Array.from({ length: choices.count }, (_, i) => ({ questionId: value(`question${i}`), answer: value(`answer${i}`) }));
            actor.send({ type: 'questions.submit', loginPassword: value('loginPassword'), answers });
            errors.refocus(actor.getSnapshot().context.errorCode);
          }}
        >
          <p className={styles.hint}>{t('security.questions.lead')}</p>
          {Array.from({ length: choices.count }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the questions are a fixed count of numbered slots
            <fieldset key={i} className={styles.form}>
              <div className={formStyles.field}>
                <label className={formStyles.label} htmlFor={`question-${i}`}>
                  {t('security.questions.question', { number: i + 1 })}
                </label>
                <div className={formStyles.control}>
                  <select
                    id={`question-${i}`}
                    name={`question${i}`}
                    className={formStyles.select}
                    defaultValue={current[i] ?? choices.questionIds[i]}
                    {...errors.field(`question${i}`)}
                  >
                    {choices.questionIds.map((id) => (
                      <option key={id} value={id}>
                        {t(`security.question.${id}`)}
                      </option>
                    ))}
                  </select>
                </div>
                {errors.errorUnder(`question${i}`)}
              </div>
              <TextField id={`answer-${i}`} name={`answer${i}`} label={t('security.questions.answer', { number: i + 1 })} autoComplete="off" maxLength={64} errors={errors} />
            </fieldset>
          ))}
          <TextField
            id="questions-login"
            name="loginPassword"
            type="password"
            label={t('security.loginPassword.label')}
            hint={t('security.loginPassword.hint')}
            autoComplete="current-password"
            maxLength={128}
            errors={errors}
          />
          {errors.formError}
          {state === 'saved' ? <Toast>{t('security.questions.saved')}</Toast> : null}
          <Button type="submit" block disabled={busy}>
            {busy ? t('in_please_wait') : t('security.questions.save')}
          </Button>
          <Button type="button" variant="ghost" block onClick={cancel}>
            {t('dialog.cancel')}
          </Button>
        </form>
      )}
    </Sheet>
  );
}

/** Login password (to its screen), payment password and security questions (their sheets). */
function SecretsRows({ actor }: { actor: SecurityCenterActor }) {
  const t = useT();
  const config = useSelector(actor, (s) => s.context.overview?.config);
  const [open, setOpen] = useState<'pin' | 'questions' | null>(null);
  const close = useCallback(() => setOpen(null), []);
  if (!config) return null;
  return (
    <section className={styles.block} aria-labelledby="security-secrets">
      <h2 id="security-secrets" className={styles.sectionTitle}>
        {t('security.section.signIn')}
      </h2>
      <ul className={styles.rows}>
        <li>
          <Link to="/m/changePsw" className={styles.row} data-press>
            {t('security.loginPassword')}
            <span className={styles.rowValue}>
              {t('security.loginPassword.change')}
              <Icon name="chevron-right" aria-hidden="true" focusable="false" size={16} />
            </span>
          </Link>
        </li>
        <li>
          <button type="button" className={styles.row} data-press aria-haspopup="dialog" onClick={() => setOpen('pin')}>
            {t('security.pin.title')}
            <span className={styles.rowValue}>
              {t(config.hasWithdrawalPassword ? 'security.isSet' : 'security.notSet')}
              <Icon name="chevron-right" aria-hidden="true" focusable="false" size={16} />
            </span>
          </button>
        </li>
        <li>
          <button type="button" className={styles.row} data-press aria-haspopup="dialog" onClick={() => setOpen('questions')}>
            {t('security.questions.title')}
            <span className={styles.rowValue}>
              {config.questionIds.length > 0 ? t('security.questions.count', { count: config.questionIds.length }) : t('security.notSet')}
              <Icon name="chevron-right" aria-hidden="true" focusable="false" size={16} />
            </span>
          </button>
        </li>
      </ul>
      {open === 'pin' ? <PaymentPasswordSheet hasPassword={config.hasWithdrawalPassword} onClose={close} /> : null}
      {open === 'questions' ? <SecurityQuestionsSheet current={config.questionIds} onClose={close} /> : null}
    </section>
  );
}

/** The member's bank cards (masked), added in a sheet and removed after confirmation, run by the bank cards machine. */
function BankCardsSection() {
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => provideBankCardsMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'bankCards' });
  const state = useSelector(actor, (s) => (s.matches('ready') ? (s.value as { ready: { flow: string } }).ready.flow : (s.value as string)));
  const toast = useSelector(actor, (s) => (s.matches('ready') ? (s.value as { ready: { toast: string } }).ready.toast : 'hidden'));
  const data = useSelector(actor, (s) => s.context.data);
  const removing = useSelector(actor, (s) => s.context.removing);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const errors = useFieldErrors(state === 'adding' || state === 'saving' ? errorCode : null, cardErrorFields);
  const adding = state === 'adding' || state === 'saving';
  return (
    <section className={styles.block} aria-labelledby="security-cards" aria-busy={state === 'loading'}>
      <h2 id="security-cards" className={styles.sectionTitle}>
        {t('security.cards.title')}
        {data ? <span className={styles.rowValue}>{t('security.cards.count', { count: data.bankCards.length, max: data.maxBankCards })}</span> : null}
      </h2>
      {state === 'failed' ? (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'cards.retry' })} />
      ) : !data ? (
        <PageSkeleton label={t('in_please_wait')} />
      ) : (
        <>
          {data.bankCards.length === 0 ? (
            <p className={styles.hint}>{t('security.cards.empty')}</p>
          ) : (
            <ul className={styles.rows}>
              {data.bankCards.map((card) => (
                <li key={card.id} className={styles.row}>
                  <span className={styles.cardText}>
                    <strong>{card.bankName}</strong>
                    <span className={styles.rowValue}>
                      {card.accountName} · <span dir="ltr">{card.accountNumberMasked}</span>
                    </span>
                  </span>
                  <Button
                    variant="ghost"
                    compact
                    aria-label={t('security.cards.removeLabel', { bank: card.bankName, number: card.accountNumberMasked })}
                    onClick={() => actor.send({ type: 'card.remove', id: card.id })}
                  >
                    {t('security.cards.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {!adding && errorCode ? <MessageAlert messageId={errorCode} /> : null}
          {data.bankCards.length < data.maxBankCards ? (
            <Button variant="secondary" block aria-haspopup="dialog" onClick={() => actor.send({ type: 'card.add' })}>
              {t('security.cards.add')}
            </Button>
          ) : (
            <p className={styles.hint}>{t('security.cards.full')}</p>
          )}
        </>
      )}
      {toast === 'added' ? <Toast>{t('security.cards.added')}</Toast> : null}
      {toast === 'removed' ? <Toast>{t('security.cards.removed')}</Toast> : null}
      {adding && data ? (
        <Sheet title={t('money.card.title')} onClose={() => actor.send({ type: 'card.cancel' })}>
          <form
            ref={errors.form}
            className={styles.form}
            noValidate
            aria-busy={state === 'saving'}
            onSubmit={(event) => {
              const value = formValues(event);
              actor.send({ type: 'card.submit', bankName: value('bankName'), accountName: value('accountName'), accountNumber: value('accountNumber') });
              errors.refocus(actor.getSnapshot().context.errorCode);
            }}
          >
            <BankCardFields banks={data.banks} errors={errors} />
            {errors.formError}
            <Button type="submit" block disabled={state === 'saving'}>
              {state === 'saving' ? t('in_please_wait') : t('money.card.submit')}
            </Button>
            <Button type="button" variant="ghost" block onClick={() => actor.send({ type: 'card.cancel' })}>
              {t('dialog.cancel')}
            </Button>
          </form>
        </Sheet>
      ) : null}
      <ConfirmDialog
        open={state === 'confirming'}
        title={t('security.cards.removeTitle')}
        message={removing ? t('security.cards.removeMessage', { bank: removing.bankName, number: removing.accountNumberMasked }) : ''}
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('security.cards.remove')}
        onCancel={() => actor.send({ type: 'card.cancel' })}
        onSubmit={() => actor.send({ type: 'card.confirm' })}
      />
    </section>
  );
}

const noSessions: MemberSession[] = [];

/** The member's sessions and remembered devices, with "sign out elsewhere". */
function SessionsSection({ actor }: { actor: SecurityCenterActor }) {
  const t = useT();
  const intl = useIntl();
  const sessions = useSelector(actor, (s) => s.context.overview?.sessions ?? noSessions);
  const step = useSelector(actor, (s) => (s.matches('ready') ? (s.value as { ready: string }).ready : null));
  const ended = useSelector(actor, (s) => s.context.ended);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const others = sessions.some((session) => !session.current);
  return (
    <section className={styles.block} aria-labelledby="security-sessions" aria-busy={step === 'signingOut'}>
      <h2 id="security-sessions" className={styles.sectionTitle}>
        {t('security.sessions.title')}
      </h2>
      <ul className={styles.rows}>
        {sessions.map((session) => (
          <li key={session.id} className={styles.row}>
            <span className={styles.cardText}>
              <strong>
                {session.device || t('security.sessions.unknownDevice')}
                {session.current ? ' ' : null}
                {session.current ? <span className={styles.tag}>{t('security.sessions.current')}</span> : null}
              </strong>
              <span className={styles.rowValue}>
                {t(session.kind === 'web' ? 'security.sessions.web' : 'security.sessions.device')}
                {' · '}
                {t('security.sessions.lastSeen', { time: intl.formatDate(session.lastSeenAt, { dateStyle: 'medium', timeStyle: 'short' }), ip: session.ipMasked })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {errorCode && step === 'idle' ? <MessageAlert messageId={errorCode} /> : null}
      {others ? (
        <Button variant="secondary" block onClick={() => actor.send({ type: 'sessions.signOutElsewhere' })} disabled={step === 'signingOut'}>
          {step === 'signingOut' ? t('in_please_wait') : t('security.sessions.signOutElsewhere')}
        </Button>
      ) : (
        <p className={styles.hint}>{t('security.sessions.onlyThis')}</p>
      )}
      {step === 'signedOut' ? <Toast>{t('security.sessions.signedOut', { count: ended ?? 0 })}</Toast> : null}
      <ConfirmDialog
        open={step === 'confirming'}
        title={t('security.sessions.confirmTitle')}
        message={t('security.sessions.confirmMessage')}
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('security.sessions.signOutElsewhere')}
        onCancel={() => actor.send({ type: 'sessions.cancel' })}
        onSubmit={() => actor.send({ type: 'sessions.confirm' })}
      />
    </section>
  );
}

/**
 * The security center (/m/securityCenter, spec sections 2 and 7): the login
 * password (its own screen), the payment (withdrawal) password set, changed
 * or reset with the login password, security questions, bank cards (masked,
 * added and removed), the signed-in devices with "sign out elsewhere", and
 * a link to responsible gaming.
 * Trial accounts are refused, as withdraw refuses them.
 */
export function SecurityCenterScreen({ isTrial }: { isTrial: boolean }) {
  useCatalogPart('identity');
  useCatalogPart('money');
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => provideSecurityCenterMachine(), []);
  const actor = useSystemActor(logic, { systemId: securityCenterSystemId, input: { isTrial } });
  useTouchHandling();
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : (s.value as string)));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  switch (state) {
    case 'rejected':
      return <TrialRefused />;
    case 'failed':
      return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'security.retry' })} />;
    case 'ready':
      return (
        <div className={styles.screen}>
          <SecretsRows actor={actor} />
          <LinkedAccountsSection />
          <BankCardsSection />
          <SessionsSection actor={actor} />
          <ul className={styles.rows}>
            <li>
              <Link to="/m/responsibleGaming" className={styles.row} data-press>
                {t('title.responsibleGaming')}
                <span className={styles.rowValue}>
                  {t('rg.entry')}
                  <Icon name="chevron-right" aria-hidden="true" focusable="false" size={16} />
                </span>
              </Link>
            </li>
          </ul>
        </div>
      );
    default:
      return <PageSkeleton label={t('in_please_wait')} />;
  }
}
