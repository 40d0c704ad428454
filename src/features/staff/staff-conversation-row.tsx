import { useIntl } from 'react-intl';
import type { ConversationSummary } from '../../../contract/chat.ts';
import { useT } from '../../i18n/use-t.ts';
import styles from './staff-console.module.css';

/** When a conversation last moved: the time today, else the date and time. */
export function useWhen() {
  const intl = useIntl();
  return (iso: string) => intl.formatDate(iso, { dateStyle: 'short', timeStyle: 'short' });
}

/**
 * One conversation of the queue or the history, as a button that opens it:
 * the visitor (member or guest, with the guest's contact), the last text,
 * whose it is, when, and the visitor's messages not read yet.
 */
export function ConversationRow({
  conversation,
  staffId,
  selected,
  showStatus,
  onOpen,
}: {
  conversation: ConversationSummary;
  staffId: number | null;
  selected: boolean;
  showStatus?: boolean;
  onOpen: () => void;
}) {
  const t = useT();
  const when = useWhen();
  const c = conversation;
  const owner =
    c.staffId === null
      ? t('staff.queue.unassigned')
      : c.staffId === staffId
        ? t('staff.queue.assignedToMe')
        : t('staff.queue.assignedTo', { name: c.staffName ?? '' });
  return (
    <li className={styles.row}>
      <button type="button" className={styles.rowButton} aria-current={selected ? 'true' : undefined} onClick={onOpen}>
        <span className={styles.rowTop}>
          <span className={styles.visitor}>{c.visitor}</span>
          <span className={c.guest ? styles.guestTag : styles.memberTag}>{t(c.guest ? 'staff.visitor.guest' : 'staff.visitor.member')}</span>
          {c.unread > 0 ? <span className={styles.badge}>{t('staff.queue.unread', { count: c.unread })}</span> : null}
        </span>
        {c.guest && c.contact ? <span className={styles.contact}>{t('staff.visitor.contact', { contact: c.contact })}</span> : null}
        <span className={styles.preview}>{c.preview || t('staff.queue.noText')}</span>
        <span className={styles.rowMeta}>
          <span>{owner}</span>
          {showStatus ? <span>{t(c.status === 'open' ? 'staff.status.open' : 'staff.status.closed')}</span> : null}
          <time dateTime={c.updatedAt}>{when(c.updatedAt)}</time>
        </span>
      </button>
    </li>
  );
}
