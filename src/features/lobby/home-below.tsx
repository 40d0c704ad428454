/**
 * What the home shows below its first screen (winner board, footer with the
 * jackpot counter) and on demand (the download popup): its own chunk, loaded
 * when the player scrolls near it or asks for the download links
 * (src/features/lobby/lobby-home.tsx).
 */
import { useTouchHandling } from '../../app/touch-start.ts';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { DownloadLink, Footer } from '../../../contract/content.ts';
import type { Winner } from '../../../contract/games.ts';
import { usePlay } from '../../app/lobby-actors.ts';
import { useBrandName } from '../../app/brand.ts';
import { useChatLaunch } from '../../app/chat-entry.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { type CurrencyLike, useFormatMoney } from '../../ui/money-format.ts';
import { fallBackToDefaultIcon } from './game-tile.tsx';
import { JackpotCounter } from './jackpot-counter.tsx';
import { Sheet } from '../../ui/sheet.tsx';
import { useInstallActor, wantInstallLayer } from '../../app/install-state.ts';
import { type InstallFacts, offersAndroidLink } from '../../../machines/install.machine.ts';
import styles from './lobby.module.css';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

/** Which download links a browser is offered (spec section 2), by the install machine's facts; every link before it has started. */
function offeredLinks(links: DownloadLink[], facts: InstallFacts | null): DownloadLink[] {
  return links.filter((l) => {
    if (!['IOS', 'Android', 'MOBILECONFIG'].includes(l.resourceType)) return false;
    if (!facts) return true;
    if (l.resourceType === 'Android') return offersAndroidLink(facts);
    if (l.resourceType === 'MOBILECONFIG') return facts.ios;
    return facts.ios || !facts.mobile;
  });
}

/**
 * The download popup: the merchant's app links this browser is offered, the
 * browser's own install prompt when it has one, and the machine's hint (the
 * add-to-home-screen steps on Safari iOS, or the legacy-iOS tip). Links
 * ending .ipa or .apk open in the same tab, others in a new one (spec section 2).
 */
export function DownloadPopup({ links, onClose }: { links: DownloadLink[]; onClose: () => void }) {
  useCatalogPart('lobby');
  useCatalogPart('install');
  const t = useT();
  const install = useInstallActor();
  // The download offers depend on the install machine: start it if nothing has yet.
  useEffect(() => wantInstallLayer(), []);
  const facts = useSelector(install ?? undefined, (s) => s?.context.facts ?? null);
  const hint = useSelector(install ?? undefined, (s) => (s?.matches({ hint: 'legacyIos' }) ? 'legacyIos' : s?.matches({ hint: 'homeScreen' }) ? 'homeScreen' : null));
  const canPrompt = useSelector(install ?? undefined, (s) => s?.matches({ prompt: 'available' }) === true);
  const apps = offeredLinks(links, facts);
  return (
    <Sheet title={t('lobby.download.title')} onClose={onClose}>
      <p className={styles.muted}>{t('lobby.download.body')}</p>
      {hint ? (
        <p className={styles.muted} role="note">
          {hint === 'legacyIos' ? t('install.legacyIos') : t('install.iosHint')}
        </p>
      ) : null}
      <ul className={styles.vendorList}>
        {canPrompt && install ? (
          <li>
            <button type="button" className={styles.vendorCard} onClick={() => install.send({ type: 'install.accept' })}>
              <Icon name="download" aria-hidden="true" focusable="false" size={18} />
              {t('install.action')}
            </button>
          </li>
        ) : null}
        {apps.map((l) => (
          <li key={l.resourceType}>
            <a className={styles.vendorCard} href={l.url} {...(/\.(ipa|apk)$/i.test(l.url) ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
              <Icon name="download" aria-hidden="true" focusable="false" size={18} />
              {l.resourceType === 'Android' ? t('install.android') : l.resourceType === 'IOS' ? t('install.ios') : t('install.iosProfile')}
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
  useCatalogPart('lobby');
  const formatMoney = useFormatMoney();
  const t = useT();
  const play = usePlay();
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
                onClick={() => play.launch({ type: 'game.play', game: w.game })}
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

/**
 * The home's floating customer service button (spec section 2): the live chat, for guests too. It comes
 * with the footer, after the first screen, as nothing of the first screen needs it.
 */
function ChatButton() {
  const t = useT();
  return (
    <button type="button" className={styles.chat} aria-label={t('title.chat')} onClick={useChatLaunch()}>
      <Icon name="messages-square" aria-hidden="true" focusable="false" />
    </button>
  );
}

/** Home footer: vendor logos, FACEBOOK and YOUTUBE links, jackpot counter, download block, the responsible gaming link, copyright 2025; the floating customer service button. */
export function HomeFooter({ footer, currency, onDownload }: { footer: Footer | null; currency: CurrencyLike | null; onDownload: () => void }) {
  // Below the home's first screen: the site's touch handling is asked for once the player scrolls here.
  useTouchHandling();
  useCatalogPart('lobby');
  const t = useT();
  const brand = useBrandName();
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
                  {c.csType === 'FACEBOOK' ? <Icon name="thumbs-up" aria-hidden="true" focusable="false" size={18} /> : <Icon name="tv" aria-hidden="true" focusable="false" size={18} />}
                  &nbsp;{c.title}
                </a>
              </li>
            ))}
          </ul>
          {footer.downloadLinks.length ? (
            <Button variant="secondary" onClick={onDownload}>
              <Icon name="download" aria-hidden="true" focusable="false" size={18} />
              {t('lobby.footer.download')}
            </Button>
          ) : null}
        </>
      ) : null}
      <ul className={styles.links}>
        <li>
          <Link to="/m/responsibleGaming">{t('lobby.footer.responsibleGaming')}</Link>
        </li>
      </ul>
      <p>{t('lobby.footer.copyright', { year: footer?.copyrightYear ?? 2025, name: brand })}</p>
      <ChatButton />
    </footer>
  );
}
