import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { lazy, Suspense, use, useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { lotteryCategories, type lobbyHomeMachine, vendorListCategories } from '../../../machines/lobby-home.machine.ts';
import type { Game, VendorGameTypes, Winner } from '../../../contract/games.ts';
import { useRole, useSession } from '../../app/app-actor.tsx';
import { useBrandName } from '../../app/brand.ts';
import {
  categoryLinkOf,
  type LobbyLink,
  vendorLinkOf,
  type HomeData,
  type HomeState,
  markNoticePopupShown,
  menuCategoriesOf,
  noticePopupPending,
  useLobbyHome,
  usePrizeMode,
} from '../../app/lobby-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { LoadFailed } from '../../ui/empty-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { WhenNear } from '../../ui/when-near.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { GameGrid, TileSkeletons } from './game-grid.tsx';
import { allAnnouncements, NoticePopup, NoticeTicker } from './home-parts.tsx';
import { VendorList } from './lobby-blocks.tsx';
import { useCategoryName } from './lobby-names.ts';
import { LobbyOverlays } from './lobby-overlays.tsx';
import styles from './lobby.module.css';
import { useScrollToTopOnMount } from '../../ui/scroll-to-top.ts';

/** Below the first screen and on demand: built, and their code loaded, when the player gets near (WhenNear) or asks. */
const WinnerBoard = lazy(() => import('./home-below.tsx').then((m) => ({ default: m.WinnerBoard })));
const HomeFooter = lazy(() => import('./home-below.tsx').then((m) => ({ default: m.HomeFooter })));
const DownloadPopup = lazy(() => import('./home-below.tsx').then((m) => ({ default: m.DownloadPopup })));

/** The hub's other lists (hot, favourites, recent, a category): loaded when one is chosen, not with the home. */
const GameListView = lazy(() => import('./game-list-view.tsx').then((m) => ({ default: m.GameListView })));

type HomeActor = ActorRefFrom<typeof lobbyHomeMachine>;
type HomeSnapshot = ReturnType<HomeActor['getSnapshot']>;
const homeState = (s: HomeSnapshot) => s.context as unknown as HomeState;

/** The hot block shows the first 6 (spec section 2) and its title strip opens HOT above 3. */
const hotBlockSize = 6;
const moreAbove = 3;

function Welcome() {
  const t = useT();
  const role = useRole();
  const session = useSession();
  const brand = useBrandName();
  if (role !== 'guest' && session) {
    return <h2 className={styles.blockTitle}>{t('home.welcome.memberTitle', { userName: session.userName })}</h2>;
  }
  return (
    <section className={styles.panel} aria-labelledby="home-welcome">
      <h2 id="home-welcome" className={styles.blockTitle}>
        {t('home.welcome.guestTitle', { name: brand })}
      </h2>
      <div className={styles.sheetActions}>
        <Link to="/m/login" className={buttonClassName({ variant: 'secondary', block: true })}>
          {t('header.login')}
        </Link>
        <Link to="/m/register" className={buttonClassName({ variant: 'primary', block: true })}>
          {t('header.register')}
        </Link>
      </div>
    </section>
  );
}

function Banners({ data }: { data: HomeData }) {
  const banners = use(data.banners);
  return banners.length ? <BannerCarousel banners={banners} /> : <div className={styles.banner} />;
}

/** The ticker, and the notice popup once per browser session when announcements exist. */
function Notices({ data, onDownload }: { data: HomeData; onDownload: () => void }) {
  const notices = allAnnouncements(use(data.announcements));
  const [popup, setPopup] = useState(false);
  useEffect(() => {
    if (notices.length > 0 && noticePopupPending()) setPopup(true);
  }, [notices.length]);
  return (
    <>
      <NoticeTicker notices={notices} onDownload={onDownload} />
      {popup ? (
        <NoticePopup
          notices={notices}
          onClose={() => {
            markNoticePopupShown();
            setPopup(false);
          }}
        />
      ) : null}
    </>
  );
}

/** A block's title strip: the title and a see-all link or button. */
function BlockHead({ title, link, onMore }: { title: string; link?: LobbyLink | undefined; onMore?: () => void }) {
  const t = useT();
  const more = (
    <>
      {t('lobby.block.more')}
      <Icon name="chevron-right" aria-hidden="true" focusable="false" size={16} />
    </>
  );
  return (
    <div className={styles.blockHead}>
      <h3 className={styles.blockTitle}>{title}</h3>
      {onMore ? (
        <button type="button" className={styles.moreLink} onClick={onMore}>
          {more}
        </button>
      ) : link ? (
        <Link {...link} className={styles.moreLink}>
          {more}
        </Link>
      ) : null}
    </div>
  );
}

/** Hot block: the first 6 hot games, hidden when empty; above 3 its title strip switches the hub to HOT (no navigation). */
function HotBlock({ home }: { home: HomeActor }) {
  const t = useT();
  const hot = useSelector(home, (s) => homeState(s).hot);
  const loading = useSelector(home, (s) => s.matches({ hot: 'loading' }) && homeState(s).hot.length === 0);
  if (loading) return blockFallback;
  if (hot.length === 0) return null;
  return (
    <section className={styles.block} data-testid="home-block-HOT">
      <BlockHead title={t('lobby.category.HOT')} onMore={hot.length > moreAbove ? () => home.send({ type: 'hub.choose', category: 'HOT' }) : undefined} />
      <GameGrid games={hot.slice(0, hotBlockSize)} eager={3} />
    </section>
  );
}

/** The category blocks (9 tiles; vendor lists for SPORTS, ESPORTS, COCKFIGHT) and the picks (6 games per vendor). */
function Blocks({ home, types }: { home: HomeActor; types: VendorGameTypes | null }) {
  const t = useT();
  const categoryName = useCategoryName();
  const lists = useSelector(home, (s) => homeState(s).lists);
  const loadingLists = useSelector(home, (s) => s.matches({ games: 'loadingLists' }));
  const picks = lists.filter((l) => l.kind === 'pick');
  return (
    <>
      {lists
        .filter((l) => l.kind !== 'pick')
        .map((l, index) => {
          const link = categoryLinkOf(l.category);
          const block = (
            <section key={l.key} className={styles.block} data-testid={`home-block-${l.category}`}>
              <BlockHead title={categoryName(l.category)} link={link} />
              {l.kind === 'vendors' ? (
                <VendorList category={l.category} vendors={types?.mapping[l.category]?.vendors ?? []} />
              ) : loadingLists && l.games.length === 0 ? (
                <TileSkeletons />
              ) : (
                <GameGrid games={l.games} />
              )}
            </section>
          );
          // The first block is on the first screen; the others are built as the player scrolls to them.
          return index < blocksAtOnce ? (
            block
          ) : (
            <WhenNear key={l.key} placeholderClassName={styles.blockPlaceholder}>
              {block}
            </WhenNear>
          );
        })}
      {picks.length ? (
        <WhenNear placeholderClassName={styles.blockPlaceholder}>
          <section className={styles.block} aria-labelledby="home-picks" data-testid="home-picks">
            <h3 id="home-picks" className={styles.blockTitle}>
              {t('lobby.picks.title')}
            </h3>
            {picks.map((p) => (
              <div key={p.key} className={styles.block} data-testid={`home-pick-${p.vassalage}`}>
                <BlockHead title={p.name} link={p.games.length > moreAbove && p.vassalage ? vendorLinkOf(p.category, p.vassalage) : undefined} />
                {loadingLists && p.games.length === 0 ? <TileSkeletons /> : <GameGrid games={p.games as Game[]} />}
              </div>
            ))}
          </section>
        </WhenNear>
      ) : null}
    </>
  );
}

/** Home category blocks built with the first screen; the rest wait until the player scrolls near them. */
const blocksAtOnce = 1;

const blockFallback = (
  <div className={styles.block}>
    <Skeleton className={styles.panelTitle} />
    <TileSkeletons />
  </div>
);

const menuIcons: Record<string, IconName> = { HOME: 'house', HOT: 'flame', FAV: 'star', RECENT: 'clock', LOTT: 'ticket', ELOTT: 'ticket' };

/** The game hub: side menu in the order of spec section 2 and the chosen category. */
function GameHub({ home }: { home: HomeActor }) {
  const t = useT();
  const categoryName = useCategoryName();
  const role = useRole();
  const types = useSelector(home, (s) => homeState(s).types);
  const shown = useSelector(home, (s) => homeState(s).category);
  const loadingTypes = useSelector(home, (s) => s.matches({ games: 'loadingTypes' }));
  const failed = useSelector(home, (s) => s.matches({ games: 'failed' }));
  usePrizeMode(types);
  const loggedIn = role !== 'guest';
  // Spec section 2: HOME, HOT, FAV and RECENT (members), then the categories in the spec order.
  const menu = ['HOME', 'HOT', ...(loggedIn ? ['FAV', 'RECENT'] : []), ...menuCategoriesOf(types?.display ?? []).map((c) => c.category)];
  return (
    <div className={styles.hub}>
      <nav aria-label={t('lobby.hub.label')}>
        <ul className={styles.hubMenu}>
          {menu.map((key) => {
            const icon = menuIcons[key] ?? 'layout-grid';
            return (
              <li key={key}>
                <button
                  type="button"
                  className={styles.hubItem}
                  aria-current={!lotteryCategories.includes(key) && shown === key}
                  onClick={() => home.send({ type: 'hub.choose', category: key })}
                >
                  <Icon name={icon} aria-hidden="true" focusable="false" size={18} />
                  {categoryName(key)}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={styles.hubContent}>
        {shown === 'HOME' ? (
          <>
            <HotBlock home={home} />
            {loadingTypes ? (
              blockFallback
            ) : failed ? (
              <LoadFailed
                variant="secondary"
                headingLevel={3}
                title={t('error.load.retry')}
                retryLabel={t('lobby.list.retry')}
                onRetry={() => home.send({ type: 'home.retry' })}
              />
            ) : (
              <Blocks home={home} types={types} />
            )}
          </>
        ) : vendorListCategories.includes(shown) ? (
          <VendorList category={shown} vendors={types?.mapping[shown]?.vendors ?? []} />
        ) : (
          <Suspense fallback={<TileSkeletons count={9} />}>
            {shown === 'HOT' ? (
              <GameListView key="HOT" input={{ mode: 'hot' }} />
            ) : shown === 'FAV' ? (
              <section className={styles.block}>
                <h3 className={styles.blockTitle}>{t('lobby.category.FAV')}</h3>
                <GameListView key="FAV" input={{ mode: 'fav' }} />
              </section>
            ) : shown === 'RECENT' ? (
              <GameListView key="RECENT" input={{ mode: 'recent' }} />
            ) : (
              <GameListView key={shown} input={{ category: shown }} types={types} filters />
            )}
          </Suspense>
        )}
      </div>
    </div>
  );
}

function Winners({ home, data }: { home: HomeActor; data: HomeData }) {
  const winners = useSelector(home, (s) => homeState(s).winners as Winner[]);
  return <WinnerBoard winners={winners} currency={use(data.currency)} />;
}

function FooterPart({ data, onDownload }: { data: HomeData; onDownload: () => void }) {
  return <HomeFooter footer={use(data.footer)} currency={use(data.currency)} onDownload={onDownload} />;
}

function Download({ data, onClose }: { data: HomeData; onClose: () => void }) {
  const footer = use(data.footer);
  return <DownloadPopup links={footer?.downloadLinks ?? []} onClose={onClose} />;
}

/**
 * Home (spec section 2): banner carousel, notice ticker and popup, game hub
 * with its side menu, winner board and footer. The banner, notices and footer
 * come from the route's loader, each shown as soon as it arrives; the game
 * area, hot games and winners are the home machine's (they follow the
 * language). `category` (from `?category=`, e.g. HOT from the bottom menu)
 * selects a hub entry each time it is given; `onCategoryShown` clears it so
 * the next one counts again.
 */
export function LobbyHome({ data, category, onCategoryShown }: { data: HomeData; category?: string; onCategoryShown?: () => void }) {
  const [download, setDownload] = useState(false);
  const openDownload = () => setDownload(true);
  const home = useLobbyHome(category);
  useScrollToTopOnMount();
  useEffect(() => {
    if (!category) return;
    home.send({ type: 'hub.choose', category });
    onCategoryShown?.();
  }, [home, category, onCategoryShown]);
  return (
    <div className={styles.screen}>
      <Suspense fallback={<div className={styles.banner} />}>
        <Banners data={data} />
      </Suspense>
      <Suspense fallback={<div className={styles.ticker} />}>
        <Notices data={data} onDownload={openDownload} />
      </Suspense>
      <Welcome />
      <GameHub home={home} />
      <WhenNear placeholderClassName={styles.belowPlaceholder}>
        <Suspense fallback={null}>
          <Winners home={home} data={data} />
        </Suspense>
        <Suspense fallback={null}>
          <FooterPart data={data} onDownload={openDownload} />
        </Suspense>
      </WhenNear>
      {download ? (
        <Suspense fallback={null}>
          <Download data={data} onClose={() => setDownload(false)} />
        </Suspense>
      ) : null}
      <LobbyOverlays />
    </div>
  );
}
