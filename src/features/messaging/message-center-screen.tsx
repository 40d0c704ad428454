/**
 * The message center (/m/message, spec section 2): Telegram, announcements
 * (with the unread badge), messages (inbox badge), live chat and the live
 * rooms (only when the merchant's CBS3 switch is on) and customer service. Badges show only when
 * signed in (the unread counts are 0 otherwise), 99+ above 99. What a tap
 * does is the message center machine's rule (machines/message-center.machine.ts).
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { badgeText, type UnreadCounts } from '../../../machines/unread.machine.ts';
import { type MessageRow, visibleRows } from '../../../machines/message-center.machine.ts';
import type { ConsolidatedSettings } from '../../../contract/system.ts';
import type { Role } from '../../../machines/session.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideMessageCenterMachine, useUnreadCounts } from '../../app/notice-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useT } from '../../i18n/use-t.ts';
import { Icon, type IconName } from '../../ui/icons.tsx';
import styles from './messaging.module.css';


const rows: { row: MessageRow; icon: IconName; label: MessageId; count?: keyof UnreadCounts }[] = [
  { row: 'telegram', icon: 'share-2', label: 'messaging.center.telegram' },
  { row: 'announcement', icon: 'megaphone', label: 'messaging.center.announcements', count: 'announcement' },
  { row: 'inbox', icon: 'mail', label: 'messaging.center.inbox', count: 'inbox' },
  { row: 'chat', icon: 'messages-square', label: 'messaging.center.chat', count: 'chat' },
  { row: 'live', icon: 'play', label: 'messaging.center.live' },
  { row: 'service', icon: 'user-round', label: 'messaging.center.service' },
];

export function MessageCenterScreen({ role, settings }: { role: Role; settings: () => Promise<ConsolidatedSettings | null> }) {
  useCatalogPart('content');
  const t = useT();
  const logic = useMemo(() => provideMessageCenterMachine(settings), [settings]);
  const actor = useSystemActor(logic, { systemId: 'messageCenter', input: { role } });
  const toast = useSelector(actor, (s) => s.context.toast);
  const counts = useUnreadCounts();
  const visible = useSelector(actor, (s) => visibleRows(s.context).join(','));
  const shown = rows.filter((r) => visible.split(',').includes(r.row));

  return (
    <div className={styles.page}>
      {toast ? (
        <p role="status" className={styles.toast}>
          {t(toast as MessageId)}
        </p>
      ) : null}
      <ul className={styles.list} aria-label={t('messaging.center.list')}>
        {shown.map(({ row, icon, label, count }) => {
          const badge = role === 'guest' || !count ? null : badgeText(counts[count]);
          return (
            <li key={row}>
              <button type="button" className={styles.row} onClick={() => actor.send({ type: 'row.open', row })}>
                <Icon name={icon} size={20} aria-hidden="true" />
                <span className={styles.rowTitle}>{t(label)}</span>
                {badge ? (
                  <span className={styles.badge} role="img" aria-label={t('messaging.badge', { count: counts[count!] })}>
                    {badge}
                  </span>
                ) : null}
                <Icon name="chevron-right" size={16} aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
