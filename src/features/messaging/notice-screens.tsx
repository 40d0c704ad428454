/**
 * The notice screen (/m/notice: announcements B, PL, PU in the reader's
 * language) and the agent notices (/m/member/notice?types=A). Both run the
 * notices machine (machines/notices.machine.ts): the view shows its list and
 * sends `item.open` / `item.toggle` / `item.close`; whether an item is
 * reported read is the machine's rule.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { type NoticeItem, isNoticeRead } from '../../../machines/notices.machine.ts';
import type { Role } from '../../../machines/session.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideNoticesMachine, useAppLanguage, useUnreadCounts } from '../../app/notice-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { plainTextOf, SafeHtml } from '../../ui/safe-html.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import styles from './messaging.module.css';


function useNotices(source: 'player' | 'agent', role: Role, index: number | null) {
  const logic = useMemo(() => provideNoticesMachine(source), [source]);
  const actor = useSystemActor(logic, { systemId: source === 'agent' ? 'agentNotices' : 'notices', input: { role, index } });
  // The unread counts run while a notice screen shows, so a read drops every badge at once.
  useUnreadCounts();
  const language = useAppLanguage();
  const first = useRef(language);
  useEffect(() => {
    if (first.current !== language) actor.send({ type: 'notices.reload' });
  }, [actor, language]);
  return actor;
}

function ListSkeleton() {
  return (
    <ul className={styles.list} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <Skeleton className={styles.row} />
        </li>
      ))}
    </ul>
  );
}

function UnreadDot({ label }: { label: string }) {
  return <span className={styles.dot} role="img" aria-label={label} />;
}

/** /m/notice: the list; tapping one opens it in full; `?index=` opens that item. */
export function NoticeScreen({ role, index }: { role: Role; index: number | null }) {
  useCatalogPart('content');
  const t = useT();
  const errorText = useErrorText();
  const actor = useNotices('player', role, index);
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : (s.value as 'loading' | 'failed')));
  const items = useSelector(actor, (s) => s.context.items);
  const openId = useSelector(actor, (s) => s.context.openId);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const open = items.find((i) => i.announcementId === openId);

  if (state === 'loading') return <div className={styles.page}><ListSkeleton /></div>;
  if (state === 'failed') {
    return (
      <div className={styles.page}>
        <LoadFailed title={errorCode ? errorText(errorCode) : t('messaging.loadFailed')} retryLabel={t('messaging.retry')} onRetry={() => actor.send({ type: 'notices.retry' })} />
      </div>
    );
  }
  if (open) {
    return (
      <article className={`${styles.page} ${styles.detail}`} aria-labelledby="notice-title">
        <h2 id="notice-title">{open.title}</h2>
        <span className={styles.date}>{open.startDate}</span>
        <SafeHtml html={open.content} />
        <Button variant="secondary" onClick={() => actor.send({ type: 'item.close' })}>
          {t('messaging.notice.backToList')}
        </Button>
      </article>
    );
  }
  if (items.length === 0) {
    return (
      <div className={styles.page}>
        <EmptyState icon="megaphone" title={t('messaging.notice.empty')} />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <ul className={styles.list} aria-label={t('messaging.notice.list')}>
        {items.map((item) => (
          <li key={item.announcementId}>
            <button type="button" className={styles.row} onClick={() => actor.send({ type: 'item.open', announcementId: item.announcementId })}>
              {isNoticeRead(role, item) ? null : <UnreadDot label={t('messaging.unread')} />}
              <span className={styles.rowTitle}>{item.title}</span>
              <span className={styles.date}>{item.startDate}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AgentNoticeCard({ item, open, role, onToggle }: { item: NoticeItem; open: boolean; role: Role; onToggle: () => void }) {
  const t = useT();
  const preview = useMemo(() => plainTextOf(item.content), [item.content]);
  const bodyId = `agent-notice-${item.announcementId}`;
  return (
    <li className={styles.card}>
      <button type="button" className={styles.cardHeader} aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
        <span className={styles.rowTitle}>
          {isNoticeRead(role, item) ? null : <UnreadDot label={t('messaging.unread')} />} {item.title}
        </span>
        <span className={styles.date}>{item.startDate}</span>
        {/* Collapsed: a one-line preview, part of the header a tap expands (its whole text is the button's name). */}
        {open ? null : <span className={styles.preview}>{preview}</span>}
      </button>
      <div id={bodyId}>{open ? <SafeHtml html={item.content} /> : null}</div>
    </li>
  );
}

/** /m/member/notice?types=A: the agents' notice cards and the footer's unread count. */
export function AgentNoticesScreen({ role }: { role: Role }) {
  useCatalogPart('content');
  const t = useT();
  const errorText = useErrorText();
  const actor = useNotices('agent', role, null);
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : (s.value as 'loading' | 'failed')));
  const items = useSelector(actor, (s) => s.context.items);
  const openId = useSelector(actor, (s) => s.context.openId);
  const unreadCount = useSelector(actor, (s) => s.context.unreadCount);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  if (state === 'loading') return <div className={styles.page}><ListSkeleton /></div>;
  if (state === 'failed') {
    return (
      <div className={styles.page}>
        <LoadFailed title={errorCode ? errorText(errorCode) : t('messaging.loadFailed')} retryLabel={t('messaging.retry')} onRetry={() => actor.send({ type: 'notices.retry' })} />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      {items.length === 0 ? (
        <EmptyState icon="megaphone" title={t('messaging.notice.empty')} />
      ) : (
        <ul className={styles.list} aria-label={t('messaging.agent.list')}>
          {items.map((item) => (
            <AgentNoticeCard
              key={item.announcementId}
              item={item}
              role={role}
              open={openId === item.announcementId}
              onToggle={() => actor.send({ type: 'item.toggle', announcementId: item.announcementId })}
            />
          ))}
        </ul>
      )}
      <p className={styles.footer} role="status">
        {t('messaging.agent.unreadCount', { count: unreadCount })}
      </p>
    </div>
  );
}
