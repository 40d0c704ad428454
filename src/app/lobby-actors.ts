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
import type { LobbyPage } from '../../machines/lobby-types.ts';
import {
  type AnnouncementGroups,
  announcementsEndpoint,
  type Banner,
  bannersEndpoint,
  type Footer,
  footerEndpoint,
  homeAnnouncementTypes,
} from '../api/content.ts';
import {
  addFavouriteEndpoint,
  favouriteGamesEndpoint,
  favouriteIdsEndpoint,
  type Game,
  gameListEndpoint,
  gamePageSizes,
  hotGamesEndpoint,
  inhouseVendor,
  launchGameEndpoint,
  memberListPageSizes,
  recentGamesEndpoint,
  removeFavouriteEndpoint,
  type VendorGameTypes,
  vendorGameTypesEndpoint,
  type Winner,
  winnerBoardEndpoint,
  winnerBoardLimit,
} from '../api/games.ts';
import { consolidatedSettingsEndpoint } from '../api/system.ts';
import { apiCall } from './api.ts';
import { useLanguage, useRole } from './app-actor.tsx';
import { storageKeys } from './storage.ts';

const platform = 'html5';
const clientType = 2;

type GameQuery = {
  gameType?: string;
  vassalage?: string;
  gameClassify?: string;
  isNew?: string;
  minBet?: number;
};

/** gameType/vassalage/classify as the spec's client sends them: INHOUSE is RNG + BGS; NEW and ALL send an empty classify, NEW adds isNew=1. */
export function gameListQueryOf(request: Pick<GameListRequest, 'category' | 'vassalage' | 'classify' | 'minBet'>): GameQuery {
  const query: GameQuery = {};
  if (request.category === 'INHOUSE') {
    query.gameType = 'RNG';
    query.vassalage = inhouseVendor;
  } else if (request.category !== 'ALL') {
    query.gameType = request.category;
  }
  if (request.vassalage) query.vassalage = request.vassalage;
  if (request.classify === 'NEW') query.isNew = '1';
  else if (request.classify) query.gameClassify = request.classify;
  if (request.minBet !== null) query.minBet = request.minBet;
  return query;
}

const memberCategory = (category: string) => (category === 'ALL' || category === 'INHOUSE' ? undefined : (category as 'RNG'));

/** One page of a game list in its mode. */
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
        query: { pageNo: request.pageNo, pageSize: memberListPageSizes.recent, gameType: memberCategory(request.category), clientType },
      });
    case 'fav':
      return apiCall(favouriteGamesEndpoint, {
        query: { pageNo: request.pageNo, pageSize: memberListPageSizes.favouritesPage, gameType: memberCategory(request.category) },
      });
    default:
      return apiCall(gameListEndpoint, {
        query: { ...gameListQueryOf(request), pageNo: request.pageNo, pageSize: request.pageSize, platform, clientType } as never,
      });
  }
}

const gameListLogic = gameListMachine.provide({ actors: { loadGames: fromPromise(({ input }) => loadGames(input)) } });

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

/**
 * A game list actor for one screen: reloads (debounced by the machine) when
 * the language changes, and when favourites change while it shows them.
 */
export function useGameList(input: GameListInput) {
  const actor = useActorRef(gameListLogic, { input });
  const language = useLanguage();
  const first = useRef(language);
  const { favourites } = useLobbyActors();
  useEffect(() => {
    if (first.current === language) return;
    first.current = language;
    actor.send({ type: 'language.change' });
  }, [actor, language]);
  useEffect(() => {
    const sub = favourites.on('favourites.changed', () => {
      if (actor.getSnapshot().context.mode === 'fav') actor.send({ type: 'list.reload' });
    });
    return () => sub.unsubscribe();
  }, [actor, favourites]);
  return actor;
}

// ------------------------------------------------------ read-only loads

export const loadVendorTypes = () => apiCall(vendorGameTypesEndpoint, { query: { typeId: 1, platform } });
export const loadBanners = (groupName: 'm_home' | 'm_hotgames') => apiCall(bannersEndpoint, { query: { groupName, platform: 'M' } });
export const loadHomeAnnouncements = () => apiCall(announcementsEndpoint, { query: { types: homeAnnouncementTypes, platform: 'M' } as never });
export const loadFooter = () => apiCall(footerEndpoint, { query: {} });
export const loadWinners = () => apiCall(winnerBoardEndpoint, { query: { gameCategory: 'ALL', limitNum: winnerBoardLimit } });
export const loadHotGames = () => apiCall(hotGamesEndpoint, { query: { isPlatform: 2, platform } });

/** The first games of a category (home blocks: 6 per list) or of one vendor. */
export async function loadBlock(category: string, vassalage: string | null = null, pageSize: number = gamePageSizes.homeList) {
  const page = await loadGames({ mode: 'all', category, vassalage, classify: null, minBet: null, pageNo: 1, pageSize });
  return page.games;
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

/** Categories whose home block is a vendor list (spec section 2). */
export const vendorListCategories = ['SPORTS', 'ESPORTS', 'COCKFIGHT'];
/** Lottery categories have no home block: choosing them opens their page. */
export const lotteryCategories = ['LOTT', 'ELOTT'];
/** Home picks: 3 RNG, 2 FISH and 1 LIVE vendors, 6 games each (spec section 2). */
const homePicks: [string, number][] = [
  ['RNG', 3],
  ['FISH', 2],
  ['LIVE', 1],
];

export interface HomeBlock {
  category: string;
  displayName: string;
  vendors: VendorGameTypes['mapping'][string]['vendors'];
  games: Game[];
}

export interface HomePick {
  category: string;
  vassalage: string;
  name: string;
  games: Game[];
}

/** What the home shows; each part arrives on its own (the banner first). */
export interface HomeData {
  banners: Promise<Banner[]>;
  types: Promise<VendorGameTypes | null>;
  hot: Promise<Game[]>;
  announcements: Promise<AnnouncementGroups | null>;
  winners: Promise<Winner[]>;
  footer: Promise<Footer | null>;
  currency: Promise<string>;
  blocks: Promise<HomeBlock[]>;
  picks: Promise<HomePick[]>;
}

export function loadHomeData(): HomeData {
  const types = orNull(loadVendorTypes());
  const blocks = types.then(async (t) => {
    if (!t) return [];
    const shown = t.sorting.filter((s) => !lotteryCategories.includes(s.gameCategory));
    return Promise.all(
      shown.map(async (s) => ({
        category: s.gameCategory,
        displayName: s.displayName,
        vendors: t.mapping[s.gameCategory]?.vendors ?? [],
        games: vendorListCategories.includes(s.gameCategory) ? [] : ((await orNull(loadBlock(s.gameCategory))) ?? []),
      })),
    );
  });
  const picks = types.then(async (t) => {
    if (!t) return [];
    const wanted = homePicks.flatMap(([category, n]) =>
      (t.mapping[category]?.vendors ?? [])
        .filter((v) => v.gameCategory === category)
        .slice(0, n)
        .map((v) => ({ category, vassalage: v.vassalage, name: v.accountTypeName })),
    );
    return Promise.all(wanted.map(async (w) => ({ ...w, games: (await orNull(loadBlock(w.category, w.vassalage))) ?? [] })));
  });
  return {
    banners: loadBanners('m_home').then((v) => v.list, () => []),
    types,
    hot: loadHotGames().then((v) => v.list, () => []),
    announcements: orNull(loadHomeAnnouncements()),
    winners: loadWinners().then((v) => v.list, () => []),
    footer: orNull(loadFooter()),
    currency: apiCall(consolidatedSettingsEndpoint).then((v) => v.currency.symbol, () => ''),
    blocks,
    picks,
  };
}

/** The vendor mapping for filters and menus; null when it cannot be loaded (the lists still work). */
export const loadVendorTypesOrNull = () => orNull(loadVendorTypes());
