import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ConversationSummary } from '../../../contract/chat.ts';
import { queueGroups } from '../../../machines/staff-console.setup.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { StaffConsoleActor } from './staff-console-actor.ts';
import styles from './staff-console.module.css';
import { ConversationRow } from './staff-conversation-row.tsx';

function Group({
  title,
  list,
  actor,
  staffId,
  selectedId,
}: {
  title: MessageId;
  list: ConversationSummary[];
  actor: StaffConsoleActor;
  staffId: number | null;
  selectedId: number | null;
}) {
  const t = useT();
  const headingId = useId();
  if (list.length === 0) return null;
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.groupTitle}>
        {t(title)} <span className={styles.count}>{list.length}</span>
      </h2>
      <ul className={styles.rows}>
        {list.map((c) => (
          <ConversationRow
            key={c.id}
            conversation={c}
            staffId={staffId}
            selected={c.id === selectedId}
            onOpen={() => actor.send({ type: 'conversation.open', conversationId: c.id })}
          />
        ))}
      </ul>
    </section>
  );
}

/** The open conversations: unassigned first, then mine, then the others'; a skeleton while loading, the retry when it failed. */
export function StaffQueue({ actor }: { actor: StaffConsoleActor }) {
  const t = useT();
  const errorText = useErrorText();
  const view = useSelector(actor, (s) =>
    s.matches({ signedIn: { queue: 'failed' } }) ? 'failed' : s.matches({ signedIn: { queue: 'loading' } }) && s.context.queue.length === 0 ? 'loading' : 'list',
  );
  const queue = useSelector(actor, (s) => s.context.queue);
  const staffId = useSelector(actor, (s) => s.context.session?.staff.id ?? null);
  const selectedId = useSelector(actor, (s) => s.context.selectedId);
  const queueError = useSelector(actor, (s) => s.context.queueError);

  if (view === 'loading') {
    return (
      <ul className={styles.rows} aria-busy="true" aria-label={t('staff.queue.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <Skeleton className={styles.skeletonRow} />
          </li>
        ))}
      </ul>
    );
  }
  if (view === 'failed') {
    return <LoadFailed headingLevel={2} title={errorText(queueError ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'queue.retry' })} />;
  }
  if (queue.length === 0) {
    return <EmptyState icon="messages-square" headingLevel={2} title={t('staff.queue.empty')} body={t('staff.queue.emptyBody')} />;
  }
  const groups = queueGroups(queue, staffId);
  return (
    <div className={styles.groups}>
      <Group title="staff.queue.waiting" list={groups.unassigned} actor={actor} staffId={staffId} selectedId={selectedId} />
      <Group title="staff.queue.mine" list={groups.mine} actor={actor} staffId={staffId} selectedId={selectedId} />
      <Group title="staff.queue.others" list={groups.others} actor={actor} staffId={staffId} selectedId={selectedId} />
    </div>
  );
}
