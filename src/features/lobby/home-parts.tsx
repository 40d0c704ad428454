import { Link } from '@tanstack/react-router';
import { Icon } from '../../ui/icons.tsx';
import { lazy, Suspense, useState } from 'react';
import type { Announcement, AnnouncementGroups, } from '../../../contract/content.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Sheet } from '../../ui/sheet.tsx';
import styles from './lobby.module.css';

/** Every current announcement, each once (a row can be in several groups). */
export function allAnnouncements(groups: AnnouncementGroups | null): Announcement[] {
  if (!groups) return [];
  const seen = new Set<number>();
  return [...groups.popup, ...groups.hot, ...groups.player, ...groups.promotion, ...groups.banners].filter((a) => {
    if (seen.has(a.announcementId)) return false;
    seen.add(a.announcementId);
    return true;
  });
}

/** The notice ticker (marquee): announcement titles or the no-announcement item, a download icon and a deposit icon. */
export function NoticeTicker({ notices, onDownload }: { notices: Announcement[]; onDownload: () => void }) {
  const t = useT();
  const text = notices.length ? notices.map((n) => n.title).join('     ·     ') : t('lobby.notice.empty');
  return (
    <section className={styles.ticker} aria-label={t('lobby.notice.label')}>
      <Icon name="megaphone" aria-hidden="true" focusable="false" size={18} />
      <Link to="/m/notice" className={styles.tickerTrack} data-testid="notice-ticker">
        <span className={styles.tickerText}>{text}</span>
      </Link>
      <button type="button" className={styles.tickerButton} aria-label={t('lobby.notice.download')} aria-haspopup="dialog" onClick={onDownload}>
        <Icon name="download" aria-hidden="true" focusable="false" size={20} />
      </button>
      <Link to="/m/voucherCenter" className={styles.tickerButton} aria-label={t('lobby.notice.deposit')}>
        <Icon name="wallet" aria-hidden="true" focusable="false" size={20} />
      </Link>
    </section>
  );
}

/** The sanitising renderer (DOMPurify) loads when a notice is opened, not with the home. */
const SafeHtml = lazy(() => import('../../ui/safe-html.tsx').then((m) => ({ default: m.SafeHtml })));

/**
 * The notice popup: the current announcements, once per browser session
 * (NOTICE_POP): their titles, each opening its content, so the popup stays
 * short with many announcements and the first visit does not load the HTML
 * sanitiser before the player reads a notice.
 */
export function NoticePopup({ notices, onClose }: { notices: Announcement[]; onClose: () => void }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Sheet title={t('lobby.notice.popupTitle')} onClose={onClose}>
      {/*
        Scrollable; its notice buttons take focus, and the keys scroll it from them. Not a region of its
        own: the home's ticker is the "Announcements" region already (landmark names are unique).
      */}
      <div className={styles.noticeBody}>
        {notices.map((n) => {
          const expanded = open === n.announcementId;
          const contentId = `notice-${n.announcementId}`;
          return (
            <article key={n.announcementId}>
              <h3 className={styles.blockTitle}>
                <button
                  type="button"
                  className={styles.noticeToggle}
                  aria-expanded={expanded}
                  aria-controls={contentId}
                  onClick={() => setOpen(expanded ? null : n.announcementId)}
                >
                  {n.title}
                </button>
              </h3>
              {expanded ? (
                <div id={contentId}>
                  <Suspense fallback={<Skeleton className={styles.noticeSkeleton} />}>
                    <SafeHtml html={n.content} />
                  </Suspense>
                </div>
              ) : null}
            </article>
          );
        })}
      </div>
      <Button variant="primary" onClick={onClose}>
        {t('lobby.notice.close')}
      </Button>
    </Sheet>
  );
}
