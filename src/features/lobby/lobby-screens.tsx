import { useTouchHandling } from '../../app/touch-start.ts';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../ui/icons.tsx';
import { lazy, type ReactNode, Suspense } from 'react';
import { homePageSizes, lotteryCategories, vendorListCategories } from '../../../machines/lobby-home.machine.ts';
import type { Banner } from '../../../contract/content.ts';
import type { VendorGameTypes } from '../../../contract/games.ts';
import { useRole } from '../../app/app-actor.tsx';
import { categoryLinkOf, favouritesLink, usePrizeMode } from '../../app/lobby-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { JackpotCounter } from './jackpot-counter.tsx';
import { GameListView, GameStrip } from './game-list-view.tsx';
import { VendorList } from './lobby-blocks.tsx';
import { useCategoryName } from './lobby-names.ts';
import { LobbyOverlays } from './lobby-overlays.tsx';
import styles from './lobby.module.css';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

// The lottery's lists come with the lottery pages only.
const LotteryBar = lazy(async () => ({ default: (await import('./lottery-lobby.tsx')).LotteryBar }));
const LotteryFilterPanel = lazy(async () => ({ default: (await import('./lottery-lobby.tsx')).LotteryFilterPanel }));

/** Every lobby screen: the content, the launcher's sheet and toasts, and the prize mode from the vendor mapping. */
export function LobbyFrame({ types, children }: { types: VendorGameTypes | null; children: ReactNode }) {
  useCatalogPart('lobby');
  useTouchHandling();
  usePrizeMode(types);
  return (
    <div className={styles.screen}>
      {children}
      <LobbyOverlays />
    </div>
  );
}

/**
 * A category page (/m/live-games, /m/slot-games, ...): the vendors of the
 * category (as a list for SPORTS, ESPORTS and COCKFIGHT) and its games with
 * the classify, vendor and min-bet filters.
 */
export function CategoryScreen({ category, types, jackpot }: { category: string; types: VendorGameTypes | null; jackpot?: ReactNode }) {
  useCatalogPart('lobby');
  const t = useT();
  const vendors = types?.mapping[category]?.vendors ?? [];
  return (
    <LobbyFrame types={types}>
      {jackpot}
      {category === 'LOTT' || category === 'ELOTT' ? (
        <Suspense fallback={null}>
          <LotteryBar kind={category} />
        </Suspense>
      ) : null}
      {vendorListCategories.includes(category) ? (
        <section className={styles.block}>
          <h2 className={styles.blockTitle}>{t('lobby.block.vendors')}</h2>
          <VendorList category={category} vendors={vendors} />
        </section>
      ) : null}
      <GameListView key={category} input={{ category }} types={types} filters search={false} />
    </LobbyFrame>
  );
}

/**
 * /m/hot-games (spec section 2): the m_hotgames banners, then the hot list
 * with its filter panel (vendor, classify, min bet on the loaded hot games),
 * category dropdown and name search (of the loaded hot games too).
 */
export function HotGamesScreen({ types, banners }: { types: VendorGameTypes | null; banners: Banner[] }) {
  useCatalogPart('lobby');
  return (
    <LobbyFrame types={types}>
      {banners.length ? <BannerCarousel banners={banners} /> : null}
      <GameListView input={{ mode: 'hot', searchScope: 'hot' }} types={types} search categories filters />
    </LobbyFrame>
  );
}

/**
 * /m/gameList?gameType=&vassalage= (or ?type=fav): tabs, classify and filters,
 * infinite scroll, and a search box that searches the whole catalogue (of
 * the list's gameType) on the server.
 */
export function GameListScreen({
  types,
  gameType,
  vassalage,
  fav,
}: {
  types: VendorGameTypes | null;
  gameType?: string;
  vassalage?: string;
  fav: boolean;
}) {
  useCatalogPart('lobby');
  const category = gameType && types?.mapping[gameType] ? gameType : 'ALL';
  return (
    <LobbyFrame types={types}>
      <GameListView
        key={`${category}|${vassalage ?? ''}|${fav}`}
        input={fav ? { mode: 'fav', category } : { category, vassalage: vassalage ?? null }}
        types={types}
        tabs
        search
        filters
      />
    </LobbyFrame>
  );
}

/** /m/slotsCenter: the slot vendors and every slot game. */
export function SlotsCenterScreen({ types }: { types: VendorGameTypes | null }) {
  useCatalogPart('lobby');
  // The spec's second jackpot: a bare number (no currency: the wallet's code stays out of this screen's load).
  return <CategoryScreen category="RNG" types={types} jackpot={<JackpotCounter mode="fixed" currency={null} />} />;
}

/**
 * /m/lottery: the lottery filter panel (game type, vendor and family from the lottery menu) and the
 * lotteries of the filter, each with its next draw and last numbers; a card opens its game screen.
 */
export function LotteryScreen({ types }: { types: VendorGameTypes | null }) {
  useCatalogPart('lobby');
  const t = useT();
  return (
    <LobbyFrame types={types}>
      <section className={styles.panel} aria-labelledby="lottery-filters">
        <h2 id="lottery-filters" className={styles.panelTitle}>
          {t('lobby.lottery.filters')}
        </h2>
        <Suspense fallback={null}>
          <LotteryFilterPanel />
        </Suspense>
      </section>
    </LobbyFrame>
  );
}

/**
 * /m/gameCenter?gameCategory=: HOME shows the recent strip (logged in, linking
 * to the favourites list), the in-house block (its first 9 games) and one
 * vendor block per other sorted category; another category shows its list
 * (FAV and RECENT as a guest: the login notice, no request).
 */
export function GameCenterScreen({ types, gameCategory }: { types: VendorGameTypes | null; gameCategory: string }) {
  useCatalogPart('lobby');
  const t = useT();
  const role = useRole();
  const categoryName = useCategoryName();
  if (gameCategory !== 'HOME') {
    const mode = gameCategory === 'HOT' ? 'hot' : gameCategory === 'FAV' ? 'fav' : gameCategory === 'RECENT' ? 'recent' : undefined;
    const category = mode || !types?.mapping[gameCategory] ? 'ALL' : gameCategory;
    return (
      <LobbyFrame types={types}>
        <GameListView key={gameCategory} input={{ category, ...(mode ? { mode } : {}) }} types={types} filters={!mode} />
      </LobbyFrame>
    );
  }
  return (
    <LobbyFrame types={types}>
      {role !== 'guest' ? (
        <GameStrip title={t('lobby.category.RECENT')} input={{ mode: 'recent', pageSize: homePageSizes.tiles }} link={favouritesLink} />
      ) : null}
      <GameStrip
        title={categoryName('INHOUSE')}
        input={{ category: 'INHOUSE', pageSize: homePageSizes.tiles }}
        link={categoryLinkOf('INHOUSE')}
      />
      {(types?.sorting ?? [])
        .filter((s) => !lotteryCategories.includes(s.gameCategory) && s.gameCategory !== 'INHOUSE')
        .map((s) => {
          const link = categoryLinkOf(s.gameCategory);
          return (
            <section key={s.gameCategory} className={styles.block}>
              <div className={styles.blockHead}>
                <h2 className={styles.blockTitle}>{categoryName(s.gameCategory)}</h2>
                <Link {...link} className={styles.moreLink}>
                  {t('lobby.block.more')}
                  <Icon name="chevron-right" aria-hidden="true" focusable="false" size={16} />
                </Link>
              </div>
              <VendorList category={s.gameCategory} vendors={types?.mapping[s.gameCategory]?.vendors ?? []} />
            </section>
          );
        })}
    </LobbyFrame>
  );
}
