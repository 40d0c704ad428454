/**
 * The home machine with its real side effects, the read-only loads of the
 * lobby screens, and the way to the launcher and the favourites (loaded on
 * demand from src/app/lobby-play.ts; the game lists are
 * src/app/game-list-actors.ts). Imported only by the lobby routes, never by
 * the shell; the build puts it in the entry's file with the rest of the home
 * screen (docs/first-load.md).
 */
import { linkOptions } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { type HomeContext, type HomeTypes, lobbyHomeMachine } from '../../machines/lobby-home.machine.ts';
import type { LobbyGame } from '../../machines/lobby-types.ts';
import { type GameCategory, gameCategories } from '../../contract/game-categories.ts';
import { prizeModeOf } from '../../machines/prize-mode.ts';
import type { AnnouncementGroups, Banner, Footer } from '../../contract/content.ts';
import type { Currency } from '../../contract/wallet.ts';
import type { Game, VendorGameTypes, Winner } from '../../contract/games.ts';
import { apiCall } from './api.ts';
import { useSystemActor } from './actor-system.ts';
import { AppActorContext, type AppActorRef, useLanguageChanges, useRole } from './app-actor.tsx';
import { type PlayActors, playActorsOf } from './play-actors.ts';
import { bannersCall, footerCall, homeAnnouncementsCall, homeBlockCall, hotGamesCall, vendorTypesCall, winnersCall, type HomeListRequest } from '../../contract/lobby-calls.ts';
import { siteSettings } from './site-settings.ts';
import { settleMark } from '../lib/settle-mark.ts';
import { storageKeys } from './storage.ts';

// ------------------------------------------------------- favourites, launch

type LaunchEvent = Parameters<PlayActors['launch']['send']>[0];
type FavouritesEvent = Parameters<PlayActors['favourites']['send']>[0];

/**
 * Loads src/app/lobby-play.ts and starts the launcher and the favourites in
 * the app's system (once; the app machine keeps them). A load that fails (no
 * network) is tried again with the next tap.
 */
function startPlay(app: AppActorRef): Promise<PlayActors> {
  return import('./lobby-play.ts').then((module) => module.startPlayActors(app));
}

const ignore = () => undefined;

/** Sends an event to the launcher of the app's system, starting it first when needed. */
export function sendLaunch(app: AppActorRef, event: LaunchEvent) {
  startPlay(app).then(({ launch }) => launch.send(event), ignore);
}

/** Sends an event to the favourites of the app's system, starting them first when needed. */
export function sendFavourites(app: AppActorRef, event: FavouritesEvent) {
  startPlay(app).then(({ favourites }) => favourites.send(event), ignore);
}

/** The app actor of an action's system (the lobby machines' actions reach the launcher through it). */
const appOf = ({ system }: { system: { get: (id: string) => unknown } }) => system.get('app') as AppActorRef;

/** The game list machine's `notifyLoginRequired`: the favourites' login notice (2 s) for a guest who asked for favourites or recent games. */
export const notifyLoginRequired = (args: { system: { get: (id: string) => unknown } }) => sendFavourites(appOf(args), { type: 'fav.notice' });

/** Sending to the launcher and the favourites from a view. */
export function usePlay() {
  const app = AppActorContext.useActorRef();
  return useMemo(
    () => ({
      launch: (event: LaunchEvent) => sendLaunch(app, event),
      favourites: (event: FavouritesEvent) => sendFavourites(app, event),
    }),
    [app],
  );
}

/**
 * The favourites and launch actors once they run (null before: a guest's
 * stars are all off). A member's start at once (their stars); the app
 * machine tells them when someone signs in or out.
 */
export function useLobbyActors(): PlayActors | null {
  const app = AppActorContext.useActorRef();
  const loggedIn = useRole() !== 'guest';
  const favourites = AppActorContext.useSelector((s) => s.children.favourites);
  const launch = AppActorContext.useSelector((s) => s.children.launch);
  useEffect(() => {
    if (loggedIn) startPlay(app).catch(ignore);
  }, [app, loggedIn]);
  return useMemo(() => (favourites && launch ? playActorsOf(app.system) : null), [app, favourites, launch]);
}

const noIds: string[] = [];

/** The nodeIds of the member's favourites (none before the favourites are in). */
export function useFavouriteIds(): string[] {
  const actors = useLobbyActors();
  return useSelector(actors?.favourites, (s) => s?.context.ids ?? noIds);
}

/** Tells the launcher the prize mode of the vendor mapping (spec section 4), now and whenever the launcher starts. */
export function usePrizeMode(types: VendorGameTypes | null | undefined) {
  const launch = useLobbyActors()?.launch;
  useEffect(() => {
    if (types && launch) launch.send({ type: 'launch.prizeMode', prizeMode: prizeModeOf(types.mapping) });
  }, [types, launch]);
}

// ------------------------------------------------------ read-only loads

export const loadVendorTypes = () => apiCall(vendorTypesCall.endpoint, { query: vendorTypesCall.query });
export const loadBanners = (groupName: 'm_home' | 'm_hotgames') => {
  const call = bannersCall(groupName);
  return apiCall(call.endpoint, { query: call.query });
};
export const loadHomeAnnouncements = () => apiCall(homeAnnouncementsCall.endpoint, { query: homeAnnouncementsCall.query });
export const loadFooter = () => apiCall(footerCall.endpoint, { query: footerCall.query });
export const loadWinners = () => apiCall(winnersCall.endpoint, { query: winnersCall.query });
export const loadHotGames = () => apiCall(hotGamesCall.endpoint, { query: hotGamesCall.query });

/** The first games of a category or of one vendor (home blocks 9, picks 6). */
export async function loadBlock(request: HomeListRequest): Promise<Game[]> {
  const call = homeBlockCall(request);
  return (await apiCall(call.endpoint, { query: call.query })).games;
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
  // Marked as they settle: what is in by the first render (the page's first answers) is in its first commit.
  return {
    banners: settleMark(loadBanners('m_home').then((v) => v.list, () => [])),
    announcements: settleMark(orNull(loadHomeAnnouncements())),
    footer: settleMark(orNull(loadFooter())),
    currency: settleMark(siteSettings().then((v) => v?.currency ?? null)),
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
    launchCategory: (args, { category }) => sendLaunch(appOf(args), { type: 'category.play', category }),
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
  const actor = useSystemActor(homeLogic, { systemId: 'lobbyHome', input: { category } });
  useLanguageChanges(actor);
  return actor;
}

// -------------------------------------------------------------- side menu

/** The page of each catalogue category (spec section 2); the others open in the game centre. */
export const categoryPaths = {
  RNG: '/m/slot-games',
  FISH: '/m/fishing-games',
  LIVE: '/m/live-games',
  PVP: '/m/poker-games',
  SPORTS: '/m/sport-games',
  ESPORTS: '/m/esport-games',
  LOTT: '/m/lott',
  ELOTT: '/m/elott',
} as const;

const hasPage = (category: string): category is keyof typeof categoryPaths => category in categoryPaths;
const isGameCategory = (category: string): category is GameCategory => (gameCategories as readonly string[]).includes(category);

/** Where a category's list opens: its page, else the game centre on that category (the game centre's home for an unknown one). */
export function categoryLinkOf(category: string) {
  if (hasPage(category)) return linkOptions({ to: categoryPaths[category] });
  return isGameCategory(category) ? linkOptions({ to: '/m/gameCenter', search: { gameCategory: category } }) : linkOptions({ to: '/m/gameCenter' });
}

/** A link of the lobby (a category's list, a vendor's list, favourites). */
export type LobbyLink = ReturnType<typeof categoryLinkOf> | ReturnType<typeof vendorLinkOf> | typeof favouritesLink;

/** One vendor's games of a category (the game list centre). */
export const vendorLinkOf = (gameType: string, vassalage: string) => linkOptions({ to: '/m/gameList', search: { gameType, vassalage } });

/** The favourites list of the game list centre. */
export const favouritesLink = linkOptions({ to: '/m/gameList', search: { type: 'fav' } });

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
    .map(({ category }) => ({ category, link: categoryLinkOf(category) }));
}

export type MenuCategory = ReturnType<typeof menuCategoriesOf>[number];

let menuCategories: Promise<MenuCategory[]> | null = null;

/** The side menu's vendor categories, loaded once when the menu first opens (an empty list when it fails; the next opening retries). */
export function loadMenuCategories(): Promise<MenuCategory[]> {
  if (!menuCategories) {
    menuCategories = settleMark(
      loadVendorTypes().then(
        (types) => menuCategoriesOf(types.display),
        () => {
          menuCategories = null;
          return [];
        },
      ),
    );
  }
  return menuCategories;
}

/** The vendor mapping for filters and menus; null when it cannot be loaded (the lists still work). */
export const loadVendorTypesOrNull = () => orNull(loadVendorTypes());
