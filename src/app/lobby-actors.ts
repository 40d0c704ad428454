/**
 * The lobby machines with their real side effects (game list, favourites,
 * launch) and the read-only loads of the lobby screens. Imported only by the
 * lobby route chunks, never by the shell, so none of it is in the first load
 * of another screen.
 *
 * Favourites and launch are one actor each for the whole site (stars and
 * launches look the same on every screen); a game list is one actor per
 * screen.
 */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { type Actor, createActor, fromPromise } from 'xstate';
import { favouritesMachine } from '../../machines/favourites.machine.ts';
import { type GameListInput, type GameListRequest, gameListMachine } from '../../machines/game-list.machine.ts';
import { launchMachine, prizeModeOf } from '../../machines/launch.machine.ts';
import { type HomeContext, type HomeListRequest, type HomeTypes, lobbyHomeMachine } from '../../machines/lobby-home.machine.ts';
import type { LobbyGame, LobbyPage } from '../../machines/lobby-types.ts';
import type { AnnouncementGroups, Banner, Footer } from '../api/content.ts';
import type { Currency } from '../api/wallet.ts';
import {
  addFavouriteEndpoint,
  favouriteGamesEndpoint,
  favouriteIdsEndpoint,
  type Game,
  hotGamesEndpoint,
  launchGameEndpoint,
  memberListPageSizes,
  recentGamesEndpoint,
  removeFavouriteEndpoint,
  type VendorGameTypes,
  type Winner,
} from '../api/games.ts';
import { apiCall } from './api.ts';
import { useLanguage, useRole } from './app-actor.tsx';
import {
  bannersCall,
  footerCall,
  gameClientType as clientType,
  gameListCall,
  gamePlatform as platform,
  homeAnnouncementsCall,
  homeBlockCall,
  hotGamesCall,
  vendorTypesCall,
  winnersCall,
} from './lobby-calls.ts';
import { siteSettings } from './site-settings.ts';
import { storageKeys } from './storage.ts';

/** The gameType of the member lists: every catalogue category (INHOUSE included, the server narrows it to RNG + BGS), none for ALL. */
const memberCategory = (category: string) => (category === 'ALL' ? undefined : (category as 'RNG'));

/** One page of a game list in its mode, with the page size the list asked for (spec section 9). */
export async function loadGames(request: GameListRequest): Promise<LobbyPage<Game>> {
  switch (request.mode) {
    case 'hot': {
      const { list } = await apiCall(hotGamesEndpoint, {
        query: { isPlatform: 2, platform, gameType: request.category === 'ALL' ? undefined : (request.category as 'RNG') },
      });
      return { games: list, pageNum: 1, totalPages: 1 };
    }
    case 'recent':
      return apiCall(recentGamesEndpoint, {
        query: { pageNo: request.pageNo, pageSize: request.pageSize, gameType: memberCategory(request.category), clientType },
      });
    case 'fav':
      return apiCall(favouriteGamesEndpoint, {
        query: { pageNo: request.pageNo, pageSize: request.pageSize, gameType: memberCategory(request.category) },
      });
    default: {
      const call = gameListCall(request);
      return apiCall(call.endpoint, { query: call.query as never });
    }
  }
}

const gameListLogic = gameListMachine.provide({
  actors: { loadGames: fromPromise(({ input }) => loadGames(input)) },
  // A guest's favourites or recent list: the favourites actor's login notice (2 s).
  actions: { notifyLoginRequired: () => shared?.favourites.send({ type: 'fav.notice' }) },
});

/** The first game of a category (a lottery chosen in the home hub launches it). */
export async function findCategoryGame(category: string): Promise<Game> {
  const { games } = await loadGames({ mode: 'all', category, vassalage: null, classify: null, minBet: null, pageNo: 1, pageSize: 1 });
  const game = games[0];
  if (!game) throw { errorCode: 'game.not.found' };
  return game;
}

// ------------------------------------------------------- favourites, launch

/** Where launch navigation goes; set by the mounted lobby screen. */
const navigation: { toLogin: () => void; toVendorList: (gameType: string, vassalage: string) => void } = {
  toLogin: () => window.location.assign('/m/login'),
  toVendorList: (gameType, vassalage) => window.location.assign(`/m/gameList?gameType=${gameType}&vassalage=${vassalage}`),
};

function createFavourites(loggedIn: boolean) {
  return createActor(
    favouritesMachine.provide({
      actors: {
        loadFavouriteIds: fromPromise(async () => {
          const { list } = await apiCall(favouriteIdsEndpoint, { query: { pageNo: 1, pageSize: memberListPageSizes.favouriteIds } });
          return list;
        }),
        addFavourite: fromPromise(async ({ input }) => {
          await apiCall(addFavouriteEndpoint, { body: { nodeId: input.nodeId, vendor: input.vendor } });
        }),
        removeFavourite: fromPromise(async ({ input }) => {
          await apiCall(removeFavouriteEndpoint, { query: { nodeId: input.nodeId, vendor: input.vendor } });
        }),
      },
    }),
    { input: { loggedIn } },
  );
}

function createLaunch(loggedIn: boolean) {
  return createActor(
    launchMachine.provide({
      actors: {
        findCategoryGame: fromPromise(({ input }) => findCategoryGame(input.category)),
        launchGame: fromPromise(({ input }) =>
          apiCall(launchGameEndpoint, {
            body: {
              gameCategory: input.gameCategory,
              vendor: input.vendor,
              gameId: input.gameId,
              ...(input.nodeId ? { nodeId: input.nodeId } : {}),
              gameCode: input.gameCode,
              supportFreePlay: input.supportFreePlay,
              free: input.free,
              ...(input.prizeMode ? { prizeMode: input.prizeMode, playType: input.playType } : {}),
            },
          }),
        ),
      },
      actions: {
        goToLogin: () => navigation.toLogin(),
        openVendorList: (_, { gameType, vassalage }) => navigation.toVendorList(gameType, vassalage),
        openGame: (_, { url }) => window.location.assign(url),
      },
    }),
    { input: { loggedIn } },
  );
}

let shared: { favourites: Actor<typeof favouritesMachine>; launch: Actor<typeof launchMachine> } | null = null;

function sharedActors(loggedIn: boolean) {
  if (!shared) {
    shared = { favourites: createFavourites(loggedIn), launch: createLaunch(loggedIn) };
    shared.favourites.start();
    shared.launch.start();
  }
  return shared;
}

/**
 * The favourites and launch actors, kept in step with the session, with
 * launch navigation through the router.
 */
export function useLobbyActors() {
  const role = useRole();
  const loggedIn = role !== 'guest';
  const actors = sharedActors(loggedIn);
  const navigate = useNavigate();
  useEffect(() => {
    navigation.toLogin = () => void navigate({ to: '/m/login' });
    navigation.toVendorList = (gameType, vassalage) => void navigate({ to: '/m/gameList', search: { gameType, vassalage } });
  }, [navigate]);
  useEffect(() => {
    if (actors.favourites.getSnapshot().context.loggedIn !== loggedIn) actors.favourites.send({ type: 'session.change', loggedIn });
    actors.launch.send({ type: 'session.change', loggedIn });
  }, [actors, loggedIn]);
  return actors;
}

/** The nodeIds of the member's favourites. */
export function useFavouriteIds(): string[] {
  const { favourites } = useLobbyActors();
  return useSelector(favourites, (s) => s.context.ids);
}

/** Tells the launcher the prize mode of the vendor mapping (spec section 4). */
export function usePrizeMode(types: VendorGameTypes | null | undefined) {
  const { launch } = useLobbyActors();
  useEffect(() => {
    if (types) launch.send({ type: 'launch.prizeMode', prizeMode: prizeModeOf(types.mapping) });
  }, [launch, types]);
}

/** Sends `language.change` to an actor whenever the language changes after the first render. */
function useLanguageChanges(actor: { send: (event: { type: 'language.change' }) => void }) {
  const language = useLanguage();
  const first = useRef(language);
  useEffect(() => {
    if (first.current === language) return;
    first.current = language;
    actor.send({ type: 'language.change' });
  }, [actor, language]);
}

/**
 * A game list actor for one screen: reloads (debounced by the machine) when
 * the language or the session changes, and when favourites change while it
 * shows them.
 */
export function useGameList(input: GameListInput) {
  const loggedIn = useRole() !== 'guest';
  const { favourites } = useLobbyActors();
  const actor = useActorRef(gameListLogic, { input: { ...input, loggedIn } });
  useLanguageChanges(actor);
  const session = useRef(loggedIn);
  useEffect(() => {
    if (session.current === loggedIn) return;
    session.current = loggedIn;
    actor.send({ type: 'session.change', loggedIn });
  }, [actor, loggedIn]);
  useEffect(() => {
    const sub = favourites.on('favourites.changed', () => {
      if (actor.getSnapshot().context.mode === 'fav') actor.send({ type: 'list.reload' });
    });
    return () => sub.unsubscribe();
  }, [actor, favourites]);
  return actor;
}

// ------------------------------------------------------ read-only loads

export const loadVendorTypes = () => apiCall(vendorTypesCall.endpoint, { query: vendorTypesCall.query });
export const loadBanners = (groupName: 'm_home' | 'm_hotgames') => {
  const call = bannersCall(groupName);
  return apiCall(call.endpoint, { query: call.query });
};
export const loadHomeAnnouncements = () => apiCall(homeAnnouncementsCall.endpoint, { query: homeAnnouncementsCall.query as never });
export const loadFooter = () => apiCall(footerCall.endpoint, { query: footerCall.query });
export const loadWinners = () => apiCall(winnersCall.endpoint, { query: winnersCall.query });
export const loadHotGames = () => apiCall(hotGamesCall.endpoint, { query: hotGamesCall.query });

/** The first games of a category or of one vendor (home blocks 9, picks 6). */
export async function loadBlock(request: HomeListRequest): Promise<Game[]> {
  const call = homeBlockCall(request);
  return (await apiCall(call.endpoint, { query: call.query as never })).games;
}

/** Spec section 2: the notice popup shows once per browser session (NOTICE_POP). */
export function noticePopupPending(): boolean {
  try {
    return sessionStorage.getItem(storageKeys.noticePopup) === null;
  } catch {
    return false;
  }
}

export function markNoticePopupShown() {
  try {
    sessionStorage.setItem(storageKeys.noticePopup, '1');
  } catch {
    // Private mode without storage: the popup may show again.
  }
}

const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

// ------------------------------------------------------------------- home

/** What the home route loads (plain read-only data); each part arrives on its own (the banner first). */
export interface HomeData {
  banners: Promise<Banner[]>;
  announcements: Promise<AnnouncementGroups | null>;
  footer: Promise<Footer | null>;
  /** The merchant's currency (consolidated settings); null when the settings cannot be read. */
  currency: Promise<Currency | null>;
}

export function loadHomeData(): HomeData {
  return {
    banners: loadBanners('m_home').then((v) => v.list, () => []),
    announcements: orNull(loadHomeAnnouncements()),
    footer: orNull(loadFooter()),
    currency: siteSettings().then((v) => v?.currency ?? null),
  };
}

/** The /m/hot-games data: the vendor mapping (filters) and the m_hotgames banners. */
export async function loadHotGamesData(): Promise<{ types: VendorGameTypes | null; banners: Banner[] }> {
  const [types, banners] = await Promise.all([loadVendorTypesOrNull(), loadBanners('m_hotgames').then((v) => v.list, () => [])]);
  return { types, banners };
}

const homeLogic = lobbyHomeMachine.provide({
  actors: {
    loadTypes: fromPromise<HomeTypes>(() => loadVendorTypes()),
    loadLists: fromPromise(({ input }) => Promise.all(input.map((request) => loadBlock(request).catch(() => [])))),
    loadList: fromPromise(({ input }) => loadBlock(input)),
    loadHot: fromPromise<LobbyGame[]>(async () => (await loadHotGames()).list),
    loadWinners: fromPromise<unknown[]>(async () => (await loadWinners()).list),
  },
  actions: {
    scrollToTop: () => window.scrollTo({ top: 0 }),
    launchCategory: (_, { category }) => shared?.launch.send({ type: 'category.play', category }),
  },
});

/** The home's data as the home machine holds it, with the API's types. */
export type HomeState = HomeContext<Game, VendorGameTypes, Winner>;

/**
 * The home machine of the mounted home screen: loads the game area, hot games
 * and winners at once, and reloads them (debounced, one request after
 * another) when the language changes.
 */
export function useLobbyHome(category: string | undefined) {
  useLobbyActors();
  const actor = useActorRef(homeLogic, { input: { category } });
  useLanguageChanges(actor);
  return actor;
}

// -------------------------------------------------------------- side menu

/** The page of each catalogue category (spec section 2); the others open in the game centre. */
export const categoryPaths: Record<string, string> = {
  RNG: '/m/slot-games',
  FISH: '/m/fishing-games',
  LIVE: '/m/live-games',
  PVP: '/m/poker-games',
  SPORTS: '/m/sport-games',
  ESPORTS: '/m/esport-games',
  LOTT: '/m/lott',
  ELOTT: '/m/elott',
};

/** Where a category's list opens: its page, else the game centre. */
export function categoryLinkOf(category: string): { to: string; search?: Record<string, string> } {
  const to = categoryPaths[category];
  return to ? { to } : { to: '/m/gameCenter', search: { gameCategory: category } };
}

/** Spec section 2: RNG, FISH, LIVE, PVP, COCKFIGHT, SPORTS, ESPORTS, then the others; INHOUSE right after RNG. */
export const menuCategoryOrder = ['RNG', 'INHOUSE', 'FISH', 'LIVE', 'PVP', 'COCKFIGHT', 'SPORTS', 'ESPORTS'];

/** The vendor categories of `display` in the spec order (others after, as the server lists them), each with its link. */
export function menuCategoriesOf(display: VendorGameTypes['display']) {
  const rank = (category: string) => {
    const i = menuCategoryOrder.indexOf(category);
    return i === -1 ? menuCategoryOrder.length : i;
  };
  return display
    .map((d, i) => ({ category: d.gameCategory, i }))
    .sort((a, b) => rank(a.category) - rank(b.category) || a.i - b.i)
    .map(({ category }) => ({ category, ...categoryLinkOf(category) }));
}

export type MenuCategory = ReturnType<typeof menuCategoriesOf>[number];

let menuCategories: Promise<MenuCategory[]> | null = null;

/** The side menu's vendor categories, loaded once when the menu first opens (an empty list when it fails; the next opening retries). */
export function loadMenuCategories(): Promise<MenuCategory[]> {
  if (!menuCategories) {
    menuCategories = loadVendorTypes().then(
      (types) => menuCategoriesOf(types.display),
      () => {
        menuCategories = null;
        return [];
      },
    );
  }
  return menuCategories;
}

/** The vendor mapping for filters and menus; null when it cannot be loaded (the lists still work). */
export const loadVendorTypesOrNull = () => orNull(loadVendorTypes());
