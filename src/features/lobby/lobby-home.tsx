import { Link } from '@tanstack/react-router';
import { ChevronRight, Clock, Flame, House, LayoutGrid, Star } from 'lucide-react';
import { Suspense, use, useEffect, useState } from 'react';
import type { VendorGameTypes } from '../../api/games.ts';
import { useRole, useSession } from '../../app/app-actor.tsx';
import {
  type HomeBlock,
  type HomeData,
  lotteryCategories,
  markNoticePopupShown,
  noticePopupPending,
  usePrizeMode,
  vendorListCategories,
} from '../../app/lobby-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { GameGrid, TileSkeletons } from './game-grid.tsx';
import { GameListView } from './game-list-view.tsx';
import { allAnnouncements, DownloadPopup, HomeFooter, NoticePopup, NoticeTicker, WinnerBoard } from './home-parts.tsx';
import { categoryPaths, VendorList } from './lobby-blocks.tsx';
import { useCategoryName } from './lobby-names.ts';
import { LobbyOverlays } from './lobby-overlays.tsx';
import styles from './lobby.module.css';

function Welcome() {
  const t = useT();
  const role = useRole();
  const session = useSession();
  if (role !== 'guest' && session) {
    return <h2 className={styles.blockTitle}>{t('home.welcome.memberTitle', { userName: session.userName })}</h2>;
  }
  return (
    <section className={styles.panel} aria-labelledby="home-welcome">
      <h2 id="home-welcome" className={styles.blockTitle}>
        {t('home.welcome.guestTitle', { name: t('app.name') })}
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

function BlockHead({ title, to, search }: { title: string; to?: string; search?: Record<string, string> }) {
  const t = useT();
  return (
    <div className={styles.blockHead}>
      <h3 className={styles.blockTitle}>{title}</h3>
      {to ? (
        <Link to={to as '/m/home'} search={search as never} className={styles.moreLink}>
          {t('lobby.block.more')}
          <ChevronRight aria-hidden="true" focusable="false" size={16} />
        </Link>
      ) : null}
    </div>
  );
}

/** Hot block: the first 6 hot games, hidden when empty, a more link above 3. */
function HotBlock({ data }: { data: HomeData }) {
  const t = useT();
  const hot = use(data.hot);
  if (hot.length === 0) return null;
  return (
    <section className={styles.block} data-testid="home-block-HOT">
      <BlockHead title={t('lobby.category.HOT')} to={hot.length > 3 ? '/m/hot-games' : undefined} />
      <GameGrid games={hot.slice(0, 6)} eager={3} />
    </section>
  );
}

function CategoryBlock({ block }: { block: HomeBlock }) {
  const categoryName = useCategoryName();
  const path = categoryPaths[block.category];
  return (
    <section className={styles.block} data-testid={`home-block-${block.category}`}>
      <BlockHead title={categoryName(block.category)} to={path ?? '/m/gameCenter'} search={path ? undefined : { gameCategory: block.category }} />
      {vendorListCategories.includes(block.category) ? <VendorList category={block.category} vendors={block.vendors} /> : <GameGrid games={block.games} />}
    </section>
  );
}

function Blocks({ data }: { data: HomeData }) {
  const blocks = use(data.blocks);
  return (
    <>
      {blocks.map((b) => (
        <CategoryBlock key={b.category} block={b} />
      ))}
    </>
  );
}

function Picks({ data }: { data: HomeData }) {
  const t = useT();
  const picks = use(data.picks);
  if (picks.length === 0) return null;
  return (
    <section className={styles.block} aria-labelledby="home-picks">
      <h3 id="home-picks" className={styles.blockTitle}>
        {t('lobby.picks.title')}
      </h3>
      {picks.map((p) => (
        <div key={p.vassalage} className={styles.block}>
          <BlockHead title={p.name} to="/m/gameList" search={{ gameType: p.category, vassalage: p.vassalage }} />
          <GameGrid games={p.games} />
        </div>
      ))}
    </section>
  );
}

const blockFallback = (
  <div className={styles.block}>
    <Skeleton className={styles.panelTitle} />
    <TileSkeletons />
  </div>
);

/** The game hub: side menu in the order of spec section 2 and the chosen category. */
function GameHub({ data, types }: { data: HomeData; types: VendorGameTypes | null }) {
  const t = useT();
  const categoryName = useCategoryName();
  const role = useRole();
  const [chosen, setChosen] = useState('HOME');
  const loggedIn = role !== 'guest';
  const menu = [
    { key: 'HOME', icon: House },
    { key: 'HOT', icon: Flame },
    ...(loggedIn ? [{ key: 'FAV', icon: Star }, { key: 'RECENT', icon: Clock }] : []),
    ...(types?.display ?? []).map((d) => ({ key: d.gameCategory, icon: LayoutGrid })),
  ];
  const choose = (key: string) => {
    setChosen(key);
    window.scrollTo({ top: 0 });
  };
  return (
    <div className={styles.hub}>
      <nav aria-label={t('lobby.hub.label')}>
        <ul className={styles.hubMenu}>
          {menu.map(({ key, icon: Icon }) => (
            <li key={key}>
              {lotteryCategories.includes(key) ? (
                <Link to={categoryPaths[key] as '/m/lott'} className={styles.hubItem}>
                  <Icon aria-hidden="true" focusable="false" size={18} />
                  {categoryName(key)}
                </Link>
              ) : (
                <button type="button" className={styles.hubItem} aria-current={chosen === key} onClick={() => choose(key)}>
                  <Icon aria-hidden="true" focusable="false" size={18} />
                  {categoryName(key)}
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.hubContent}>
        {chosen === 'HOME' ? (
          <>
            <Suspense fallback={blockFallback}>
              <HotBlock data={data} />
            </Suspense>
            <Suspense fallback={blockFallback}>
              <Blocks data={data} />
            </Suspense>
            <Suspense fallback={null}>
              <Picks data={data} />
            </Suspense>
          </>
        ) : chosen === 'HOT' ? (
          <GameListView key="HOT" input={{ mode: 'hot' }} />
        ) : chosen === 'FAV' ? (
          <section className={styles.block}>
            <h3 className={styles.blockTitle}>{t('lobby.category.FAV')}</h3>
            <GameListView key="FAV" input={{ mode: 'fav' }} />
          </section>
        ) : chosen === 'RECENT' ? (
          <GameListView key="RECENT" input={{ mode: 'recent' }} />
        ) : vendorListCategories.includes(chosen) ? (
          <VendorList category={chosen} vendors={types?.mapping[chosen]?.vendors ?? []} />
        ) : (
          <GameListView key={chosen} input={{ category: chosen }} types={types} filters />
        )}
      </div>
    </div>
  );
}

function HubWithTypes({ data }: { data: HomeData }) {
  const types = use(data.types);
  usePrizeMode(types);
  return <GameHub data={data} types={types} />;
}

function Winners({ data }: { data: HomeData }) {
  return <WinnerBoard winners={use(data.winners)} currency={use(data.currency)} />;
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
 * with its side menu, winner board and footer. Each part shows as soon as its
 * data arrives; the banner box keeps its size from the first paint.
 */
export function LobbyHome({ data }: { data: HomeData }) {
  const [download, setDownload] = useState(false);
  const openDownload = () => setDownload(true);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className={styles.screen}>
      <Suspense fallback={<div className={styles.banner} />}>
        <Banners data={data} />
      </Suspense>
      <Suspense fallback={<div className={styles.ticker} />}>
        <Notices data={data} onDownload={openDownload} />
      </Suspense>
      <Welcome />
      <Suspense fallback={blockFallback}>
        <HubWithTypes data={data} />
      </Suspense>
      <Suspense fallback={null}>
        <Winners data={data} />
      </Suspense>
      <Suspense fallback={null}>
        <FooterPart data={data} onDownload={openDownload} />
      </Suspense>
      {download ? (
        <Suspense fallback={null}>
          <Download data={data} onClose={() => setDownload(false)} />
        </Suspense>
      ) : null}
      <LobbyOverlays />
    </div>
  );
}

