import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { InboxMessage } from '../../../contract/inbox.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideInboxMachine } from '../../app/inbox-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import styles from './inbox.module.css';

type InboxActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideInboxMachine>>>;

/** The member's inbox (/m/webEmail): messages newest first, paged as the list scrolls; open one to read it, delete with a confirmation. */
export function InboxScreen({ isTrial }: { isTrial: boolean }) {
  useCatalogPart('content');
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => provideInboxMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'inbox', input: { isTrial } });
  const view = useSelector(actor, (s) =>
    s.matches('refused')
      ? 'refused'
      : s.matches('loading') || s.matches('checking')
        ? 'loading'
        : s.matches('failed')
          ? 'failed'
          : s.matches({ ready: 'message' })
            ? 'message'
            : 'list',
  );
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const confirming = useSelector(actor, (s) => s.matches({ ready: { list: 'confirmingDelete' } }) || s.matches({ ready: { message: 'confirmingDelete' } }));

  return (
    <div className={styles.screen}>
      {view === 'refused' ? (
        <EmptyState icon="shield-ban" title={t('inbox.screen.trialRefused')} role="alert" />
      ) : view === 'loading' ? (
        <ul className={styles.list} aria-busy="true" aria-label={t('in_please_wait')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <li key={i}>
              <Skeleton className={styles.skeletonRow} />
            </li>
          ))}
        </ul>
      ) : view === 'failed' ? (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'list.retry' })} />
      ) : view === 'message' ? (
        <OpenMessage actor={actor} />
      ) : (
        <MessageList actor={actor} />
      )}
      <ConfirmDialog
        open={confirming}
        title={t('inbox.screen.deleteTitle')}
        message={t('inbox.screen.deleteBody')}
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('inbox.screen.deleteConfirm')}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
        onSubmit={() => actor.send({ type: 'delete.confirm' })}
      />
    </div>
  );
}

function useFormatTime() {
  const intl = useIntl();
  return (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

function MessageList({ actor }: { actor: InboxActor }) {
  const t = useT();
  const formatTime = useFormatTime();
  const items = useSelector(actor, (s) => s.context.items);
  const hasMore = useSelector(actor, (s) => s.context.pageNum < s.context.totalPages);
  const loadingMore = useSelector(actor, (s) => s.matches({ ready: { list: 'loadingMore' } }));
  const busy = useSelector(actor, (s) => s.matches({ ready: 'opening' }) || s.matches({ ready: { list: 'deleting' } }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const notice = useSelector(actor, (s) => s.context.notice);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    // Within 300 px of the end of the list, the next page loads (spec section 9).
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) actor.send({ type: 'list.more' });
      },
      { rootMargin: '300px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [actor, hasMore]);

  return (
    <>
      <MessageAlert messageId={errorCode} />
      <p className={styles.notice} role="status">
        {notice ? t('inbox.screen.deleted') : ''}
      </p>
      {items.length === 0 ? (
        <EmptyState icon="mail" title={t('inbox.screen.empty')} body={t('inbox.screen.emptyBody')} />
      ) : (
        <>
          <ul className={styles.list} aria-label={t('inbox.screen.list')} aria-busy={busy}>
            {items.map((item) => (
              <MessageRow key={item.id} item={item} disabled={busy} actor={actor} time={formatTime(item.createdAt)} />
            ))}
          </ul>
          {hasMore ? (
            <div ref={sentinel} className={styles.more}>
              <Button variant="ghost" compact disabled={loadingMore} onClick={() => actor.send({ type: 'list.more' })}>
                {loadingMore ? t('in_please_wait') : t('inbox.screen.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

function MessageRow({ item, disabled, actor, time }: { item: InboxMessage; disabled: boolean; actor: InboxActor; time: string }) {
  const t = useT();
  return (
    <li className={[styles.item, item.read ? null : styles.unread].filter(Boolean).join(' ')}>
      <button
        type="button"
        className={styles.open}
        disabled={disabled}
        // Read as "title, Unread, date": the marker is only a dot.
        aria-label={[item.title, item.read ? null : t('inbox.screen.unread'), time].filter(Boolean).join(', ')}
        onClick={() => actor.send({ type: 'item.open', id: item.id })}
      >
        <span className={styles.marker} aria-hidden="true" />
        <span className={styles.title}>{item.title}</span>
        <span className={styles.meta}>{time}</span>
        <span className={styles.preview}>{item.body}</span>
      </button>
      <Button
        variant="ghost"
        compact
        className={styles.remove}
        disabled={disabled}
        aria-label={`${t('inbox.screen.delete')}: ${item.title}`}
        onClick={() => actor.send({ type: 'item.delete', id: item.id })}
      >
        {t('inbox.screen.delete')}
      </Button>
    </li>
  );
}

function OpenMessage({ actor }: { actor: InboxActor }) {
  const t = useT();
  const formatTime = useFormatTime();
  const message = useSelector(actor, (s) => s.context.current);
  const deleting = useSelector(actor, (s) => s.matches({ ready: { message: 'deleting' } }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  if (!message) return null;
  return (
    <>
      <MessageAlert messageId={errorCode} />
      <article className={styles.message} aria-labelledby="inbox-message-title">
        <h2 id="inbox-message-title" className={styles.messageTitle}>
          {message.title}
        </h2>
        <p className={styles.date}>{formatTime(message.createdAt)}</p>
        <p className={styles.body}>{message.body}</p>
        <div className={styles.actions}>
          <Button variant="ghost" compact disabled={deleting} onClick={() => actor.send({ type: 'item.close' })}>
            {t('inbox.screen.back')}
          </Button>
          <Button variant="ghost" compact disabled={deleting} onClick={() => actor.send({ type: 'item.delete', id: message.id })}>
            {t('inbox.screen.delete')}
          </Button>
        </div>
      </article>
    </>
  );
}
