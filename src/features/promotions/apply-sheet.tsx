import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import * as z from 'zod/mini';
import { applicationLimits } from '../../../contract/promotions.ts';
import { commentTooLongCode, type promotionApplyMachine } from '../../../machines/promotion-apply.machine.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { ImagePicker, ImagePreviews } from '../../ui/image-previews.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Sheet } from '../../ui/sheet.tsx';
import styles from './promotions.module.css';

type ApplyActor = ActorRefFrom<typeof promotionApplyMachine>;

/** The comment's rule (spec section 5); its message is the machine's code, translated like the server's. */
const applySchema = z.object({ comment: z.string().check(z.maxLength(applicationLimits.commentMax, commentTooLongCode)) });
type ApplyValues = z.infer<typeof applySchema>;

/**
 * The application sheet of a promotion of mode apply: a comment with its
 * live count (at most 140 characters) and up to 3 png or jpg images of at
 * most 5 MB, each checked by the machine as it is picked. A trial account
 * sees the spec's refusal instead.
 */
export function ApplySheet({ actor }: { actor: ApplyActor }) {
  const t = useT();
  const title = useSelector(actor, (s) => s.context.promotion.title);
  const state = useSelector(actor, (s) => (s.matches('trialRefused') ? 'refused' : s.matches('succeeded') ? 'succeeded' : s.status === 'active' ? 'form' : 'gone'));
  const close = () => actor.send({ type: 'apply.close' });
  if (state === 'gone') return null;
  if (state === 'succeeded') {
    return (
      <p role="status" className={styles.toast}>
        {t('promo.apply.success')}
      </p>
    );
  }
  return (
    <Sheet title={t('promo.apply.title', { title })} onClose={close}>
      {state === 'refused' ? (
        <EmptyState
          icon="shield-exclamation-point"
          title={t('error.trial.forbidden')}
          headingLevel={3}
          role="alert"
          action={
            <Button variant="secondary" onClick={close}>
              {t('promo.apply.close')}
            </Button>
          }
        />
      ) : (
        <ApplyForm actor={actor} />
      )}
    </Sheet>
  );
}

function ApplyForm({ actor }: { actor: ApplyActor }) {
  const t = useT();
  const errorText = useErrorText();
  const commentId = useId();
  const countId = useId();
  const errorId = useId();
  const images = useSelector(actor, (s) => s.context.images);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const { register, handleSubmit, formState, watch } = useForm<ApplyValues>({ resolver: zodResolver(applySchema), defaultValues: { comment: '' } });
  const comment = watch('comment');
  const commentError = formState.errors.comment?.message;
  const shownError = commentError ?? errorCode;
  return (
    <form
      className={styles.form}
      noValidate
      aria-busy={submitting}
      onSubmit={handleSubmit((values) => actor.send({ type: 'apply.submit', comment: values.comment }))}
    >
      <label className={styles.label} htmlFor={commentId}>
        {t('promo.apply.comment')}
      </label>
      <textarea
        id={commentId}
        className={styles.textarea}
        aria-invalid={commentError ? true : undefined}
        aria-describedby={`${countId} ${commentError ? errorId : ''}`.trim()}
        {...register('comment')}
      />
      <span id={countId} className={styles.counter} data-over={comment.length > applicationLimits.commentMax || undefined}>
        {t('promo.apply.commentCount', { count: comment.length, max: applicationLimits.commentMax })}
      </span>
      <fieldset className={styles.form} style={{ border: 0, margin: 0, padding: 0 }}>
        <legend className={styles.label}>{t('promo.apply.images')}</legend>
        <span className={styles.hint}>{t('promo.apply.imagesRule')}</span>
        <ImagePreviews images={images} onRemove={(id) => actor.send({ type: 'image.remove', id })} removeLabel={(name) => t('promo.apply.removeImage', { name })} />
        <ImagePicker label={t('promo.apply.addImage')} onPick={(image) => actor.send({ type: 'image.pick', image })} />
      </fieldset>
      {shownError ? (
        <p id={errorId} role="alert" className={styles.error}>
          {errorText(shownError)}
        </p>
      ) : null}
      <Button type="submit" block disabled={submitting}>
        {submitting ? t('in_please_wait') : t('promo.apply.submit')}
      </Button>
    </form>
  );
}

