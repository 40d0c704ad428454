import { Link } from '@tanstack/react-router';
import { Download, Megaphone, ThumbsUp, Tv, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Announcement, AnnouncementGroups, DownloadLink, Footer } from '../../api/content.ts';
import type { Winner } from '../../api/games.ts';
import { useLobbyActors } from '../../app/lobby-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { type CurrencyLike, useFormatMoney } from '../../ui/money-format.ts';
import { SafeHtml } from '../../ui/safe-html.tsx';
import { fallBackToDefaultIcon } from './game-tile.tsx';
import { Sheet } from './lobby-overlays.tsx';
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
      <Megaphone aria-hidden="true" focusable="false" size={18} />
      <Link to="/m/notice" className={styles.tickerTrack} data-testid="notice-ticker">
        <span className={styles.tickerText}>{text}</span>
      </Link>
      <button type="button" className={styles.tickerButton} aria-label={t('lobby.notice.download')} onClick={onDownload}>
        <Download aria-hidden="true" focusable="false" size={20} />
      </button>
      <Link to="/m/voucherCenter" className={styles.tickerButton} aria-label={t('lobby.notice.deposit')}>
        <Wallet aria-hidden="true" focusable="false" size={20} />
      </Link>
    </section>
  );
}

/** The notice popup: the current announcements, once per browser session (NOTICE_POP). */
export function NoticePopup({ notices, onClose }: { notices: Announcement[]; onClose: () => void }) {
  const t = useT();
  return (
    <Sheet title={t('lobby.notice.popupTitle')} onClose={onClose}>
      {/* Scrollable, so it takes focus for keyboard scrolling. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className={styles.noticeBody} aria-label={t('lobby.notice.label')} tabIndex={0}>
        {notices.map((n) => (
          <article key={n.announcementId}>
            <h3 className={styles.blockTitle}>{n.title}</h3>
            <SafeHtml html={n.content} />
          </article>
        ))}
      </section>
      <Button variant="primary" onClick={onClose}>
        {t('lobby.notice.close')}
      </Button>
    </Sheet>
  );
}

/** Links ending .ipa or .apk open in the same tab, others in a new one (spec section 2). */
export function DownloadPopup({ links, onClose }: { links: DownloadLink[]; onClose: () => void }) {
  const t = useT();
  const apps = links.filter((l) => ['IOS', 'Android', 'MOBILECONFIG'].includes(l.resourceType));
  return (
    <Sheet title={t('lobby.download.title')} onClose={onClose}>
      <p className={styles.muted}>{t('lobby.download.body')}</p>
      <ul className={styles.vendorList}>
        {apps.map((l) => (
          <li key={l.resourceType}>
            <a className={styles.vendorCard} href={l.url} {...(/\.(ipa|apk)$/i.test(l.url) ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
              <Download aria-hidden="true" focusable="false" size={18} />
              {l.labelNameEn}
            </a>
          </li>
        ))}
      </ul>
      <Button variant="ghost" onClick={onClose}>
        {t('lobby.notice.close')}
      </Button>
    </Sheet>
  );
}

/** Winner board: hidden when empty; scrolls by itself only above 8 entries; a tap launches the game. */
export function WinnerBoard({ winners, currency }: { winners: Winner[]; currency: CurrencyLike | null }) {
  const formatMoney = useFormatMoney();
  const t = useT();
  const { launch } = useLobbyActors();
  if (winners.length === 0) return null;
  const scrolling = winners.length > 8;
  // A second copy makes the scroll seamless; it is hidden from screen readers.
  const rows = (scrolling ? [...winners, ...winners] : winners).map((w, i) => ({ w, copy: i >= winners.length, key: `${i >= winners.length ? 'copy' : 'row'}-${w.game.gameId}-${w.wonAt}` }));
  return (
    <section className={styles.block} aria-labelledby="winner-board">
      <h2 id="winner-board" className={styles.blockTitle}>
        {t('lobby.winners.title')}
      </h2>
      <div className={[styles.winners, scrolling ? styles.winnersScrolling : styles.winnersShort].join(' ')} data-testid="winner-board">
        <ul className={styles.winnerList}>
          {rows.map(({ w, copy, key }) => (
            <li key={key} aria-hidden={copy ? true : undefined}>
              <button
                type="button"
                className={styles.winner}
                tabIndex={copy ? -1 : 0}
                onClick={() => launch.send({ type: 'game.play', game: w.game })}
              >
                <img className={styles.winnerIcon} src={w.iconUrl} alt="" width={40} height={40} loading="lazy" onError={fallBackToDefaultIcon} />
                <span className={styles.tileName}>
                  {w.customerName} · {w.gameName}
                </span>
                <span className={styles.winnerAmount}>
                  {formatMoney(w.winAmount, currency ?? noCurrency)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Amounts before the merchant's currency is known: 2 decimals, no symbol. */
const noCurrency: CurrencyLike = { symbol: '', minorUnits: 2 };

const jackpotSteps = [3000, 4000, 5000];

/** Decorative jackpot counter (spec section 4): starts between 11,000,000 and 18,000,000, grows 100 to 500 every 3 to 5 s. */
export function JackpotCounter({ currency }: { currency: CurrencyLike | null }) {
  const t = useT();
  const intl = useIntl();
  const [value, setValue] = useState(() => 11_000_000 + Math.floor(Math.random() * 7_000_000));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      timer = setTimeout(() => {
        setValue((v) => v + 100 + Math.floor(Math.random() * 401));
        tick();
      }, jackpotSteps[Math.floor(Math.random() * jackpotSteps.length)]);
    };
    tick();
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={styles.jackpot}>
      <span>{t('lobby.footer.jackpot')}</span>
      <span className={styles.jackpotValue}>
        {currency?.symbol ?? ''}
        {intl.formatNumber(value)}
      </span>
    </div>
  );
}

/** Home footer: vendor logos, FACEBOOK and YOUTUBE links, jackpot counter, download block, copyright 2025. */
export function HomeFooter({ footer, currency, onDownload }: { footer: Footer | null; currency: CurrencyLike | null; onDownload: () => void }) {
  const t = useT();
  const social = footer?.customerService.filter((c) => c.csType === 'FACEBOOK' || c.csType === 'YOUTUBE') ?? [];
  return (
    <footer className={styles.footer}>
      <JackpotCounter currency={currency} />
      {footer ? (
        <>
          <section aria-label={t('lobby.footer.vendors')}>
            <ul className={styles.logos}>
              {/* Vendors sharing a logo (BTI and the TCG vendors, spec section 9) show it once. */}
              {footer.vendorLogos.filter((v, i, all) => all.findIndex((o) => o.logoUrl === v.logoUrl) === i).map((v) => (
                <li key={v.vassalage}>
                  <img src={v.logoUrl} alt={v.name} width={64} height={32} loading="lazy" onError={fallBackToDefaultIcon} />
                </li>
              ))}
            </ul>
          </section>
          <ul className={styles.links} aria-label={t('lobby.footer.follow')}>
            {social.map((c) => (
              <li key={c.csType}>
                <a href={c.path} target="_blank" rel="noopener noreferrer">
                  {c.csType === 'FACEBOOK' ? <ThumbsUp aria-hidden="true" focusable="false" size={18} /> : <Tv aria-hidden="true" focusable="false" size={18} />}
                  &nbsp;{c.title}
                </a>
              </li>
            ))}
          </ul>
          {footer.downloadLinks.length ? (
            <Button variant="secondary" onClick={onDownload}>
              <Download aria-hidden="true" focusable="false" size={18} />
              {t('lobby.footer.download')}
            </Button>
          ) : null}
        </>
      ) : null}
      <p>{t('lobby.footer.copyright', { year: footer?.copyrightYear ?? 2025, name: t('app.name') })}</p>
    </footer>
  );
}
