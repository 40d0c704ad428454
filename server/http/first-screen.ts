/**
 * The public calls a screen makes first, declared once for the client (the
 * code that makes the calls uses the same descriptors: contract/login-calls.ts,
 * contract/lobby-calls.ts) and the server (which answers them in the page,
 * server/http/document.ts), and the images the screen shows first. Pure: no
 * browser or Vite API, the server imports it. See docs/first-load.md.
 */
import { firstRequestOf } from '../../machines/game-list.machine.ts';
import { type HomeTypes, homeListsOf, requestOf } from '../../machines/lobby-home.machine.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { consolidatedSettingsEndpoint, systemStatusEndpoint } from '../../contract/system.ts';
import {
  bannersCall,
  footerCall,
  gameListCall,
  homeAnnouncementsCall,
  homeBlockCall,
  hotGamesCall,
  vendorTypesCall,
  winnersCall,
} from '../../contract/lobby-calls.ts';
import { downloadLinksCall, loginBannersCall, whitelabelCall } from '../../contract/login-calls.ts';
import { homeAliasPaths, homePath } from '../../contract/route-paths.ts';
import { gameListSearch } from '../../contract/route-search.ts';

export interface FirstCall {
  endpoint: Endpoint;
  query?: Record<string, unknown>;
}

/** Reads the answer of one of the screen's first calls, when the page has it. */
export type AnswerOf = (endpoint: Endpoint, query?: Record<string, unknown>) => unknown;

/** Made by every page at start: the system status machine, and the root route's merchant settings. */
export const statusCall = { endpoint: systemStatusEndpoint } satisfies FirstCall;
export const settingsCall = { endpoint: consolidatedSettingsEndpoint } satisfies FirstCall;
const everyPage: FirstCall[] = [statusCall, settingsCall];

/** The screen a path shows first: the home aliases show home. */
export function firstScreenPath(pathname: string): string {
  return (homeAliasPaths as readonly string[]).includes(pathname) ? homePath : pathname;
}

/** The public calls the first screen of `pathname` makes at once, in the order it needs them. */
export function firstScreenCalls(pathname: string): FirstCall[] {
  switch (firstScreenPath(pathname)) {
    case homePath:
      return [...everyPage, bannersCall('m_home'), vendorTypesCall, hotGamesCall, homeAnnouncementsCall, winnersCall, footerCall];
    case '/m/login':
      return [...everyPage, whitelabelCall, loginBannersCall, downloadLinksCall];
    case '/m/gameList':
      return [...everyPage, vendorTypesCall];
    default:
      return everyPage;
  }
}

/** The calls the first screen makes with what the first ones answered (the vendor mapping names the home's blocks). */
export function followUpCalls(pathname: string, search: URLSearchParams, answerOf: AnswerOf): FirstCall[] {
  const types = answerOf(vendorTypesCall.endpoint, vendorTypesCall.query) as HomeTypes | undefined;
  if (!types?.mapping || !types.sorting) return [];
  switch (firstScreenPath(pathname)) {
    case homePath:
      return homeListsOf(types).flatMap((list) => {
        const request = requestOf(list);
        return request ? [homeBlockCall(request)] : [];
      });
    case '/m/gameList': {
      // As the game list centre starts (src/features/lobby/lobby-screens.tsx): a known game type, else every game.
      const parsed = gameListSearch.safeParse(Object.fromEntries(search));
      if (!parsed.success || parsed.data.type === 'fav') return [];
      const { gameType, vassalage } = parsed.data;
      const category = gameType && types.mapping[gameType] ? gameType : 'ALL';
      const { mode: _mode, ...request } = firstRequestOf({ category, vassalage: vassalage ?? null });
      return [gameListCall(request)];
    }
    default:
      return [];
  }
}

/** The first image URL (same-origin) of `items[0][field]`. */
function firstUrls(items: unknown, field: 'url' | 'iconUrl', count = 1): string[] {
  if (!Array.isArray(items)) return [];
  return items
    .slice(0, count)
    .map((item) => (item as Record<string, unknown>)?.[field])
    .filter((url): url is string => typeof url === 'string' && url.startsWith('/'));
}

/** The images the first screen of `pathname` shows first, the largest first. */
export function firstScreenImages(pathname: string, search: URLSearchParams, answerOf: AnswerOf): string[] {
  switch (firstScreenPath(pathname)) {
    case homePath: {
      const call = bannersCall('m_home');
      return firstUrls((answerOf(call.endpoint, call.query) as { list?: unknown } | undefined)?.list, 'url');
    }
    case '/m/login':
      return firstUrls((answerOf(loginBannersCall.endpoint, loginBannersCall.query) as { list?: unknown } | undefined)?.list, 'url');
    case '/m/gameList': {
      // The tiles on the first screen (3 rows).
      const [list] = followUpCalls(pathname, search, answerOf);
      return list ? firstUrls((answerOf(list.endpoint, list.query) as { games?: unknown } | undefined)?.games, 'iconUrl', 9) : [];
    }
    default:
      return [];
  }
}
