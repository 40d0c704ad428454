import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import * as z from 'zod/mini';
import { errorCodes } from '../../../contract/error-codes.ts';
import { countWords, type FeedbackItem, type FeedbackLimits, type FeedbackStatus, type FeedbackType, feedbackTypes } from '../../../contract/feedback.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideFeedbackMachine } from '../../app/feedback-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { ImagePicker, ImagePreviews } from '../../ui/image-previews.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import styles from './feedback.module.css';

const typeIds: Record<FeedbackType, MessageId> = {
  deposit: 'feedback.type.deposit',
  withdrawal: 'feedback.type.withdrawal',
  game: 'feedback.type.game',
  service: 'feedback.type.service',
  app: 'feedback.type.app',
  other: 'feedback.type.other',
};
const statusIds: Record<FeedbackStatus, MessageId> = {
  open: 'feedback.status.open',
  answered: 'feedback.status.answered',
  closed: 'feedback.status.closed',
};

/** The spec's word rule's codes: the form shows the spec's message with the merchant's numbers for both. */
const wordCodes: readonly string[] = [errorCodes.feedbackWordsTooFew, errorCodes.feedbackWordsTooMany];

/** The form's rules from the contract and the merchant's limits; their messages are error codes, translated like the server's. */
const formSchemaOf = (limits: FeedbackLimits) =>
  z.object({
    questionType: z.string().check(z.refine((v) => (feedbackTypes as readonly string[]).includes(v), errorCodes.feedbackTypeInvalid)),
    content: z.string().check(
      z.refine((v) => countWords(v) >= limits.minWords, errorCodes.feedbackWordsTooFew),
      z.refine((v) => countWords(v) <= limits.maxWords, errorCodes.feedbackWordsTooMany),
    ),
  });
type FormValues = { questionType: string; content: string };

/**
 * Feedback (/m/feedback; spec sections 3, 4 and 9): the form (question type,
 * the text with its live word count against the merchant's limits and the
 * spec's message, up to 3 png or jpg images with previews and remove) and the
 * member's own feedback, newest first, with its status and the operator's
 * replies. Loading, sending, the toast, refusals and more pages are the
 * machine's (machines/feedback.machine.ts).
 */
export function FeedbackScreen() {
  useCatalogPart('identity');
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => provideFeedbackMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'feedback' });
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'failed' : 'ready'));
  const limits = useSelector(actor, (s) => s.context.limits);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  if (state === 'failed') {
    return (
      <div className={styles.screen}>
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'feedback.retry' })} />
      </div>
    );
  }
  if (state === 'loading' || !limits) {
    return (
      <div className={styles.screen} role="status" aria-busy="true" aria-label={t('in_please_wait')}>
        <Skeleton className={styles.skeleton} />
        <Skeleton className={styles.skeleton} />
      </div>
    );
  }
  return (
    <div className={styles.screen}>
      <FeedbackForm actor={actor} limits={limits} />
      <FeedbackList actor={actor} />
    </div>
  );
}

type FeedbackActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideFeedbackMachine>>>;

function FeedbackForm({ actor, limits }: { actor: FeedbackActor; limits: FeedbackLimits }) {
  const t = useT();
  const errorText = useErrorText();
  const headingId = useId();
  const typeId = useId();
  const contentId = useId();
  const ruleId = useId();
  const errorId = useId();
  const images = useSelector(actor, (s) => s.context.images);
  const machineError = useSelector(actor, (s) => s.context.errorCode);
  const submitting = useSelector(actor, (s) => s.matches({ ready: 'submitting' }));
  const submitted = useSelector(actor, (s) => s.matches({ ready: 'submitted' }));
  const schema = useMemo(() => formSchemaOf(limits), [limits]);
  const { register, handleSubmit, formState, watch, reset } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { questionType: '', content: '' },
  });
  // The form empties once the feedback is sent.
  useEffect(() => {
    if (submitted) reset();
  }, [submitted, reset]);
  const words = countWords(watch('content'));
  const typeError = formState.errors.questionType?.message;
  const contentError = formState.errors.content?.message;
  const messageOf = (code: string) => (wordCodes.includes(code) ? t('feedback.content.rule', { 0: limits.minWords, 1: limits.maxWords }) : errorText(code));
  // The form's own refusal (type, words) by the fields; the machine's (images, the server's answer) by the button.
  const fieldError = typeError ?? contentError;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('feedback.form.heading')}
      </h2>
      {submitted ? (
        <p role="status" className={styles.toast}>
          {t('feedback.submitted')}
        </p>
      ) : null}
      <form
        className={styles.field}
        noValidate
        aria-busy={submitting}
        onSubmit={handleSubmit((values) => actor.send({ type: 'form.submit', questionType: values.questionType as FeedbackType, content: values.content }))}
      >
        <label className={styles.label} htmlFor={typeId}>
          {t('feedback.type.label')}
        </label>
        <select
          id={typeId}
          className={styles.select}
          aria-invalid={typeError ? true : undefined}
          aria-describedby={typeError ? errorId : undefined}
          {...register('questionType')}
        >
          <option value="" disabled>
            {t('feedback.type.placeholder')}
          </option>
          {feedbackTypes.map((type) => (
            <option key={type} value={type}>
              {t(typeIds[type])}
            </option>
          ))}
        </select>
        <label className={styles.label} htmlFor={contentId}>
          {t('feedback.content.label')}
        </label>
        <textarea
          id={contentId}
          className={styles.textarea}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={`${ruleId}${contentError ? ` ${errorId}` : ''}`}
          {...register('content')}
        />
        <div className={styles.meta}>
          <span id={ruleId}>{t('feedback.content.rule', { 0: limits.minWords, 1: limits.maxWords })}</span>
          <span className={styles.count} data-out={words > limits.maxWords || undefined}>
            {t('feedback.content.count', { count: words, max: limits.maxWords })}
          </span>
        </div>
        <fieldset className={styles.field}>
          <legend className={styles.label}>{t('feedback.images.label')}</legend>
          <span className={styles.small}>{t('feedback.images.rule', { max: limits.imagesMax })}</span>
          <ImagePreviews images={images} onRemove={(id) => actor.send({ type: 'image.remove', id })} removeLabel={(name) => t('feedback.images.remove', { name })} />
          {images.length < limits.imagesMax ? (
            <ImagePicker className={styles.picker} label={t('feedback.images.add')} onPick={(image) => actor.send({ type: 'image.pick', image })} />
          ) : null}
        </fieldset>
        {fieldError ? (
          <p id={errorId} role="alert" className={styles.error}>
            {messageOf(fieldError)}
          </p>
        ) : null}
        {machineError ? (
          <p role="alert" className={styles.error}>
            {messageOf(machineError)}
          </p>
        ) : null}
        <Button type="submit" block disabled={submitting}>
          {submitting ? t('in_please_wait') : t('feedback.submit')}
        </Button>
      </form>
    </section>
  );
}

function FeedbackList({ actor }: { actor: FeedbackActor }) {
  const t = useT();
  const headingId = useId();
  const list = useSelector(actor, (s) => s.context.list);
  const more = useSelector(actor, (s) => s.context.list.length < s.context.total);
  const loadingMore = useSelector(actor, (s) => s.matches({ ready: 'loadingMore' }));
  return (
    <section className={styles.field} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('feedback.mine')}
      </h2>
      {list.length === 0 ? (
        <EmptyState icon="messages-square" title={t('feedback.empty')} headingLevel={3} />
      ) : (
        <ul className={styles.list} aria-labelledby={headingId}>
          {list.map((item) => (
            <FeedbackEntry key={item.id} item={item} />
          ))}
        </ul>
      )}
      {more ? (
        <Button variant="secondary" block disabled={loadingMore} onClick={() => actor.send({ type: 'list.more' })}>
          {loadingMore ? t('in_please_wait') : t('feedback.more')}
        </Button>
      ) : null}
    </section>
  );
}

function FeedbackEntry({ item }: { item: FeedbackItem }) {
  const t = useT();
  const intl = useIntl();
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <span className={styles.type}>{t(typeIds[item.type])}</span>
        <span className={styles.status} data-status={item.status}>
          {t(statusIds[item.status])}
        </span>
      </div>
      <p className={styles.small}>
        <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
        {item.images.length > 0 ? ` · ${t('feedback.images.count', { count: item.images.length })}` : null}
      </p>
      <p className={styles.content}>{item.content}</p>
      {item.replies.map((reply) => (
        <div key={reply.id} className={styles.reply}>
          <p className={styles.small}>
            {t('feedback.reply')} · <time dateTime={reply.createdAt}>{when(reply.createdAt)}</time>
          </p>
          <p className={styles.replyText}>{reply.text}</p>
        </div>
      ))}
    </li>
  );
}
