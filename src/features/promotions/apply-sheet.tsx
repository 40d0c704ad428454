import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { type ChangeEvent, useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import * as z from 'zod/mini';
import { applicationLimits } from '../../../contract/promotions.ts';
import { commentTooLongCode, type PickedImage, type promotionApplyMachine } from '../../../machines/promotion-apply.machine.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Sheet } from '../../ui/sheet.tsx';
import styles from './promotions.module.css';

type ApplyActor = ActorRefFrom<typeof promotionApplyMachine>;

/** The comment's rule (spec section 5); its message is the machine's code, translated like the server's. */
const applySchema = z.object({ comment: z.string().check(z.maxLength(applicationLimits.commentMax, commentTooLongCode)) });
type ApplyValues = z.infer<typeof applySchema>;

let picked = 0;
const pickedImageOf = (file: File): PickedImage => ({ id: `image-${++picked}`, name: file.name, type: file.type, size: file.size, file });

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
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    for (const file of Array.from(event.currentTarget.files ?? [])) actor.send({ type: 'image.pick', image: pickedImageOf(file) });
    event.currentTarget.value = '';
  };
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
        <ImagePreviews images={images} onRemove={(id) => actor.send({ type: 'image.remove', id })} />
        <label className={styles.picker}>
          {t('promo.apply.addImage')}
          <input className={styles.visuallyHidden} type="file" accept="image/png,image/jpeg" multiple onChange={pick} />
        </label>
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

/** Previews of the picked images from object URLs, revoked when an image goes. */
function ImagePreviews({ images, onRemove }: { images: PickedImage[]; onRemove: (id: string) => void }) {
  const t = useT();
  const urls = useRef(new Map<string, string>());
  const shown = images.map((image) => {
    let url = urls.current.get(image.id);
    if (!url) {
      url = URL.createObjectURL(image.file as Blob);
      urls.current.set(image.id, url);
    }
    return { image, url };
  });
  const ids = images.map((image) => image.id).join(' ');
  useEffect(() => {
    const kept = new Set(ids.split(' '));
    for (const [id, url] of urls.current) {
      if (!kept.has(id)) {
        URL.revokeObjectURL(url);
        urls.current.delete(id);
      }
    }
  }, [ids]);
  useEffect(() => {
    const all = urls.current;
    return () => {
      for (const url of all.values()) URL.revokeObjectURL(url);
      all.clear();
    };
  }, []);
  if (shown.length === 0) return null;
  return (
    <ul className={styles.previews}>
      {shown.map(({ image, url }) => (
        <li key={image.id} className={styles.preview}>
          <img src={url} alt={image.name} />
          <IconButton icon="x" className={styles.remove} label={t('promo.apply.removeImage', { name: image.name })} onClick={() => onRemove(image.id)} />
        </li>
      ))}
    </ul>
  );
}
