import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { VendorGameTypes } from '../../api/games.ts';
import { useRole } from '../../app/app-actor.tsx';
import { usePrizeMode, vendorListCategories } from '../../app/lobby-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { GameListView } from './game-list-view.tsx';
import { categoryPaths, VendorList } from './lobby-blocks.tsx';
import { useCategoryName } from './lobby-names.ts';
import { LobbyOverlays } from './lobby-overlays.tsx';
import styles from './lobby.module.css';

/** Every lobby screen: the content, the launcher's sheet and toasts, and the prize mode from the vendor mapping. */
export function LobbyFrame({ types, children }: { types: VendorGameTypes | null; children: ReactNode }) {
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
export function CategoryScreen({ category, types }: { category: string; types: VendorGameTypes | null }) {
  const t = useT();
  const vendors = types?.mapping[category]?.vendors ?? [];
  return (
    <LobbyFrame types={types}>
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

/** /m/hot-games: category dropdown, name search on the loaded hot list, the list. */
export function HotGamesScreen({ types }: { types: VendorGameTypes | null }) {
  return (
    <LobbyFrame types={types}>
      <GameListView input={{ mode: 'hot' }} types={types} search categories />
    </LobbyFrame>
  );
}

/** /m/gameList?gameType=&vassalage= (or ?type=fav): search, tabs, classify and filters, infinite scroll. */
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
  return <CategoryScreen category="RNG" types={types} />;
}

/** /m/lottery: the filter panel of the LOTT games (vendor, classify, min bet); tiles launch directly. */
export function LotteryScreen({ types }: { types: VendorGameTypes | null }) {
  const t = useT();
  return (
    <LobbyFrame types={types}>
      <section className={styles.panel} aria-labelledby="lottery-filters">
        <h2 id="lottery-filters" className={styles.panelTitle}>
          {t('lobby.lottery.filters')}
        </h2>
        <GameListView input={{ category: 'LOTT' }} types={types} filters />
      </section>
    </LobbyFrame>
  );
}

/**
 * /m/gameCenter?gameCategory=: HOME shows the recent strip (logged in, linking
 * to the favourites list), the in-house block and one block per sorted
 * category; another category shows its list.
 */
export function GameCenterScreen({ types, gameCategory }: { types: VendorGameTypes | null; gameCategory: string }) {
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
        <section className={styles.block}>
          <div className={styles.blockHead}>
            <h2 className={styles.blockTitle}>{t('lobby.category.RECENT')}</h2>
            <Link to="/m/gameList" search={{ type: 'fav' }} className={styles.moreLink}>
              {t('lobby.category.FAV')}
              <ChevronRight aria-hidden="true" focusable="false" size={16} />
            </Link>
          </div>
          <GameListView input={{ mode: 'recent' }} />
        </section>
      ) : null}
      {(types?.sorting ?? [])
        .filter((s) => s.gameCategory !== 'LOTT' && s.gameCategory !== 'ELOTT')
        .map((s) => (
          <section key={s.gameCategory} className={styles.block}>
            <div className={styles.blockHead}>
              <h2 className={styles.blockTitle}>{categoryName(s.gameCategory)}</h2>
              <Link
                to={(categoryPaths[s.gameCategory] ?? '/m/gameList') as '/m/gameList'}
                search={categoryPaths[s.gameCategory] ? undefined : { gameType: s.gameCategory }}
                className={styles.moreLink}
              >
                {t('lobby.block.more')}
                <ChevronRight aria-hidden="true" focusable="false" size={16} />
              </Link>
            </div>
            <VendorList category={s.gameCategory} vendors={types?.mapping[s.gameCategory]?.vendors ?? []} />
          </section>
        ))}
    </LobbyFrame>
  );
}
