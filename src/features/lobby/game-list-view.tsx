import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Icon } from '../../ui/icons.tsx';
import { useCallback, useId, useRef, useState } from 'react';
import { usePublishedBlockSize } from '../../ui/published-size.ts';
import {
  type GameListInput,
  type GameListTab,
  hasFilters,
  hasMore,
  isCatalogueSearch,
  minBetFilterOptions,
} from '../../../machines/game-list.machine.ts';
import type { Game, VendorGameTypes } from '../../../contract/games.ts';
import { useRole } from '../../app/app-actor.tsx';
import { useGameList } from '../../app/game-list-actors.ts';
import type { LobbyLink } from '../../app/lobby-actors.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { GameGrid, TileSkeletons } from './game-grid.tsx';
import WindowedGameGrid from './windowed-game-grid.tsx';
import { useCategoryName, useClassifyName } from './lobby-names.ts';
import styles from './lobby.module.css';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

export interface GameListViewProps {
  input: GameListInput;
  /** Vendor mapping for the vendor and classify filters (absent: no such filters). */
  types?: VendorGameTypes | null;
  tabs?: boolean;
  search?: boolean;
  filters?: boolean;
  /** A category dropdown (hot-games centre). */
  categories?: boolean;
}

const allTabs: GameListTab[] = ['all', 'hot', 'recent', 'fav'];

interface FilterOptions {
  vendors: { vassalage: string; name: string }[];
  classifies: string[];
}

/** The hot list's filter options: the vendors and classifies among the loaded hot games. */
function hotFilterOptions(games: Game[]): FilterOptions {
  const vendors = new Map<string, string>();
  for (const g of games) if (!vendors.has(g.vassalage)) vendors.set(g.vassalage, g.vendorName);
  const classifies = [...new Set(games.map((g) => g.gameClassify))].sort();
  return {
    vendors: [...vendors].map(([vassalage, name]) => ({ vassalage, name })),
    classifies: ['ALL', ...(games.some((g) => g.isNew === 1) ? ['NEW'] : []), ...classifies],
  };
}

/** The filters of the whole catalogue (category ALL): every category's vendors and classifies, each once. */
function allFilterOptions(types: VendorGameTypes): FilterOptions {
  const vendors = new Map<string, string>();
  const classifies = new Set<string>(['ALL', 'NEW']);
  for (const entry of Object.values(types.mapping)) {
    for (const v of entry.vendors) if (!vendors.has(v.vassalage)) vendors.set(v.vassalage, v.accountTypeName);
    for (const c of entry.gameClassify) classifies.add(c);
  }
  return { vendors: [...vendors].map(([vassalage, name]) => ({ vassalage, name })), classifies: [...classifies] };
}

/** The guest's view of a member list (recent, favourites): log in first; the notice toast says so for 2 s. */
function LoginRequired() {
  const t = useT();
  return (
    <EmptyState
      icon="log-in"
      title={t('in_logged_login')}
      action={
        <Link to="/m/login" className={buttonClassName({ variant: 'primary' })}>
          {t('header.login')}
        </Link>
      }
    />
  );
}

/**
 * A game list screen body: search, tabs, filters, the windowed list with
 * infinite scroll, and its loading, empty and error states. Everything it
 * shows comes from its game-list actor. In hot mode the filter panel (opened
 * by its button) narrows the loaded hot list. A catalogue search that finds
 * nothing says so, with the query and a button that clears the search.
 */
export function GameListView({ input, types, tabs = false, search = false, filters = false, categories = false }: GameListViewProps) {
  useCatalogPart('lobby');
  const t = useT();
  const errorText = useErrorText();
  const categoryName = useCategoryName();
  const classifyName = useClassifyName();
  const role = useRole();
  const actor = useGameList(input);
  const games = useSelector(actor, (s) => s.context.games as Game[]);
  const mode = useSelector(actor, (s) => s.context.mode);
  const category = useSelector(actor, (s) => s.context.category);
  const vassalage = useSelector(actor, (s) => s.context.vassalage);
  const classify = useSelector(actor, (s) => s.context.classify);
  const minBet = useSelector(actor, (s) => s.context.minBet);
  const searchText = useSelector(actor, (s) => s.context.searchText);
  // The catalogue search the list shows, if any (its no-results state names it).
  const searched = useSelector(actor, (s) => (isCatalogueSearch(s.context) ? s.context.query : null));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const loading = useSelector(actor, (s) => s.matches({ list: 'loading' }) || s.matches({ list: 'languageWait' }));
  const loginRequired = useSelector(actor, (s) => s.matches({ list: 'loginRequired' }));
  const hotGames = useSelector(actor, (s) => s.context.hotGames as Game[]);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  const loadingMore = useSelector(actor, (s) => s.matches({ list: 'loadingMore' }));
  const failed = useSelector(actor, (s) => s.matches({ list: 'failed' }));
  const ready = useSelector(actor, (s) => s.matches({ list: 'ready' }));
  const more = useSelector(actor, (s) => hasMore(s.context));
  const total = useSelector(actor, (s) => s.context.games.length);
  const loadMore = useCallback(() => actor.send({ type: 'list.loadMore' }), [actor]);

  const mapping = types?.mapping[category];
  const hot = mode === 'hot';
  // The member lists (favourites, recent) are the member's own, not filtered by the catalogue's filters.
  const memberList = mode === 'fav' || mode === 'recent';
  const options: FilterOptions | null = memberList
    ? null
    : hot
      ? hotFilterOptions(hotGames)
      : mapping
        ? { vendors: mapping.vendors.map((v) => ({ vassalage: v.vassalage, name: v.accountTypeName })), classifies: mapping.gameClassify }
        : category === 'ALL' && types
          ? allFilterOptions(types)
          : null;
  const filtered = mode === 'filter' || (hot && hasFilters({ vassalage, classify, minBet }));
  const shownTabs = allTabs.filter((tab) => role !== 'guest' || tab === 'all' || tab === 'hot');
  // The toolbar sticks under the header: what takes focus scrolls clear of it too (WCAG 2.4.11, base.css).
  const toolbar = useRef<HTMLDivElement>(null);
  usePublishedBlockSize(toolbar, '--sticky-toolbar-height');

  return (
    <div className={styles.block}>
      <div ref={toolbar} className={styles.toolbar}>
        {search ? (
          <input
            type="search"
            className={styles.search}
            aria-label={t('lobby.search.label')}
            placeholder={t('lobby.search.placeholder')}
            value={searchText}
            maxLength={50}
            onChange={(e) => actor.send({ type: 'search.input', text: e.target.value })}
          />
        ) : null}
        {tabs ? (
          <div role="tablist" aria-label={t('lobby.tabs.label')} className={styles.chips}>
            {shownTabs.map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                className={styles.chip}
                aria-selected={mode === tab || (tab === 'all' && mode === 'filter')}
                onClick={() => actor.send({ type: 'list.tab', tab })}
              >
                {t(`lobby.tabs.${tab}`)}
              </button>
            ))}
          </div>
        ) : null}
        {categories && types ? (
          <label className={styles.filterRow}>
            <span className={styles.muted}>{t('lobby.filter.category')}</span>
            <select className={styles.select} value={category} onChange={(e) => actor.send({ type: 'list.category', category: e.target.value })}>
              <option value="ALL">{categoryName('ALL')}</option>
              {types.display.map((d) => (
                <option key={d.gameCategory} value={d.gameCategory}>
                  {categoryName(d.gameCategory)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {filters && hot ? (
          <button
            type="button"
            className={styles.chip}
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
          >
            <Icon name="sliders-horizontal" aria-hidden="true" focusable="false" size={16} />
            {t('lobby.filter.panel')}
          </button>
        ) : null}
        {filters && options && (!hot || panelOpen) ? (
          <div id={panelId} className={styles.filterPanel}>
            <ul className={styles.chips} aria-label={t('lobby.filter.classify')}>
              {options.classifies.map((c) => (
                <li key={c}>
                  <button
                    type="button"
                    className={styles.chip}
                    aria-pressed={c === 'ALL' ? classify === null : classify === c}
                    onClick={() => actor.send({ type: 'filter.classify', classify: c })}
                  >
                    {classifyName(c)}
                  </button>
                </li>
              ))}
            </ul>
            <div className={styles.filterRow}>
              <label className={styles.filterRow}>
                <span className={styles.muted}>{t('lobby.filter.vendor')}</span>
                <select
                  className={styles.select}
                  value={vassalage ?? ''}
                  onChange={(e) => actor.send({ type: 'filter.vendor', vassalage: e.target.value || null })}
                >
                  <option value="">{t('lobby.filter.allVendors')}</option>
                  {options.vendors.map((v) => (
                    <option key={v.vassalage} value={v.vassalage}>
                      {v.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className={styles.filterRow}>
                <span className={styles.muted}>{t('lobby.filter.minBet')}</span>
                <select
                  className={styles.select}
                  value={minBet === null ? '' : String(minBet)}
                  onChange={(e) => actor.send({ type: 'filter.minBet', minBet: e.target.value ? Number(e.target.value) : null })}
                >
                  {minBetFilterOptions.map((option) => (
                    <option key={option ?? 'all'} value={option === null ? '' : String(option)}>
                      {option === null ? t('lobby.filter.allBets') : (option / 100).toFixed(2)}
                    </option>
                  ))}
                </select>
              </label>
              {filtered ? (
                <button type="button" className={styles.moreLink} onClick={() => actor.send({ type: 'filter.clear' })}>
                  {t('lobby.filter.clear')}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>

      {loginRequired ? (
        <LoginRequired />
      ) : loading ? (
        <div role="status" aria-busy="true" aria-label={t('lobby.list.loading')}>
          <TileSkeletons count={9} />
        </div>
      ) : failed ? (
        <LoadFailed
          variant="secondary"
          title={errorText(errorCode ?? 'client.network')}
          retryLabel={t('lobby.list.retry')}
          onRetry={() => actor.send({ type: 'list.retry' })}
        />
      ) : games.length === 0 && searched !== null ? (
        <EmptyState
          icon="search-x"
          role="status"
          title={t('lobby.search.noResults', { query: searched })}
          body={t('lobby.search.noResultsBody')}
          action={
            <Button variant="secondary" onClick={() => actor.send({ type: 'search.clear' })}>
              {t('lobby.search.clear')}
            </Button>
          }
        />
      ) : games.length === 0 ? (
        <EmptyState icon="search-x" title={t('lobby.list.empty')} body={t('lobby.list.emptyBody')} />
      ) : (
        <>
          <WindowedGameGrid games={games} onNearEnd={loadMore} canLoad={ready && more} />
          {errorCode && !loadingMore ? (
            // The next page failed: say so, with the way to try again (scrolling tries again too).
            <div className={styles.status} role="alert">
              {errorText(errorCode)}{' '}
              <Button variant="secondary" compact onClick={loadMore}>
                {t('lobby.list.retry')}
              </Button>
            </div>
          ) : (
            <p className={styles.status} role="status">
              {loadingMore ? t('lobby.list.loadingMore') : more ? '' : t('lobby.list.end', { count: total })}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/**
 * A short strip of a list's first games (game centre HOME: the recent strip,
 * the in-house block): its first page as plain tiles, a see-all link.
 */
export function GameStrip({ title, input, link }: { title: string; input: GameListInput; link: LobbyLink }) {
  useCatalogPart('lobby');
  const t = useT();
  const actor = useGameList(input);
  const games = useSelector(actor, (s) => s.context.games as Game[]);
  const loading = useSelector(actor, (s) => s.matches({ list: 'loading' }) || s.matches({ list: 'languageWait' }));
  const failed = useSelector(actor, (s) => s.matches({ list: 'failed' }));
  return (
    <section className={styles.block} data-testid={`strip-${input.mode ?? input.category}`}>
      <div className={styles.blockHead}>
        <h2 className={styles.blockTitle}>{title}</h2>
        <Link {...link} className={styles.moreLink}>
          {t('lobby.block.more')}
          <Icon name="chevron-right" aria-hidden="true" focusable="false" size={16} />
        </Link>
      </div>
      {loading ? (
        <TileSkeletons count={input.pageSize} />
      ) : failed ? (
        <Button variant="secondary" onClick={() => actor.send({ type: 'list.retry' })}>
          {t('error.load.retry')}
        </Button>
      ) : games.length === 0 ? (
        <p className={styles.muted}>{t('lobby.list.empty')}</p>
      ) : (
        <GameGrid games={games} />
      )}
    </section>
  );
}
