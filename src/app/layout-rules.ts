/**
 * Layout rules of the shell (spec section 2, "Layout rules") as pure functions
 * of the URL path: no React, no router. See docs/layout-rules.md for the
 * decisions behind the route groups below.
 */
import type { MessageId } from '../i18n/message-id.ts';
import { agentPaths, homeAliasPaths, homePath, pathTitleId, routePaths } from '../../contract/route-paths.ts';

/** `/m/home/` and `/m/home` are the same page; `/` stays `/`. */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  if (bare === '' || bare === '/') return '/';
  return bare.replace(/\/+$/, '') || '/';
}

const homePaths: ReadonlySet<string> = new Set([homePath, ...homeAliasPaths.map(normalisePath)]);
const agentPathSet: ReadonlySet<string> = new Set(agentPaths);

/** Home and its aliases: `/`, `/m`, `/m/`, `/m/index`, `/m/index.html`, `/m/home`. */
export function isHomePath(path: string): boolean {
  return homePaths.has(normalisePath(path));
}

/**
 * "Agent routes": every screen of the agent area, i.e. every path that needs
 * the agent role (`agentPaths`: /m/agent, /m/agent/*, /m/member/team,
 * /m/teamBetting, /m/member/agent/*, /m/member/teamRebate, /m/redRain,
 * /m/agentRegister, /m/member/notice). The agent home has its own header
 * buttons and footer menu, and its sub-screens live inside that area, so the
 * site header and bottom bar stay away from all of them.
 */
export function isAgentPath(path: string): boolean {
  const p = normalisePath(path);
  return agentPathSet.has(p) || p.startsWith('/m/agent/') || p.startsWith('/m/member/agent/');
}

/** The staff console (`/staff`): customer service, not the players' site; none of its bars. */
export function isStaffPath(path: string): boolean {
  return normalisePath(path) === '/staff';
}

/**
 * "lottery" routes: the filter panel `/m/lottery` and the lottery's own screens under `/m/lotto/` (a game,
 * its results, my orders, the rank list), which carry their own links between them.
 */
function isLotteryPath(p: string): boolean {
  return p === '/m/lottery' || p.startsWith('/m/lotto/');
}

/** "app" routes: the app-download screen, `/m/app` and below (no screen in the route table yet). */
function isAppPath(p: string): boolean {
  return p === '/m/app' || p.startsWith('/m/app/');
}

/** "register" routes: `/m/register` and its alias `/m/register.html`. */
function isRegisterPath(p: string): boolean {
  return p === '/m/register' || p === '/m/register.html';
}

/**
 * "activity" routes: `/m/activity` and `/m/activityDetail` (both show the
 * promotions page, spec section 2).
 */
function isActivityPath(p: string): boolean {
  return p === '/m/activity' || p === '/m/activityDetail';
}

/**
 * The site header (menu toggle, logo, login/register or deposit/withdraw/
 * logout) shows everywhere except on login, register, message, app, lottery,
 * forget, agent, activity, notice, game-list and help routes, and on the
 * live chat (`/m/chat`: a conversation with its own composer, like the
 * message center it is reached from).
 *
 * "game-list" is `/m/gameList` only (the game list centre); hot games,
 * game centre, slots centre and the category pages keep the header so the
 * balance and deposit stay at hand while browsing. "lottery" is
 * `/m/lottery` only (not the /m/lott and /m/elott category pages).
 * "notice" is `/m/notice` (the agent announcements `/m/member/notice` are an
 * agent route anyway).
 */
export function showsHeader(path: string): boolean {
  const p = normalisePath(path);
  if (isAgentPath(p) || isAppPath(p) || isRegisterPath(p) || isActivityPath(p) || isStaffPath(p) || isLotteryPath(p)) return false;
  return !['/m/login', '/m/message', '/m/chat', '/m/forget', '/m/notice', '/m/gameList', '/m/help'].includes(p);
}

/**
 * The bottom bar shows everywhere except on login, register, slotsCenter,
 * gameList, lottery, forget, changePsw, app, notice, agent and help routes,
 * and on the live chat (its composer sits at the bottom).
 */
export function showsBottomBar(path: string): boolean {
  const p = normalisePath(path);
  if (isAgentPath(p) || isAppPath(p) || isRegisterPath(p) || isStaffPath(p) || isLotteryPath(p)) return false;
  return ![
    '/m/login',
    '/m/slotsCenter',
    '/m/gameList',
    '/m/forget',
    '/m/changePsw',
    '/m/notice',
    '/m/help',
    '/m/chat',
  ].includes(p);
}

export type NavbarMode = 'logo' | 'back' | 'none';

/** Logo on home paths, nothing on /m/changePsw (a forced step) and the staff console, a back arrow elsewhere. */
export function navbarMode(path: string): NavbarMode {
  const p = normalisePath(path);
  if (isHomePath(p)) return 'logo';
  if (p === '/m/changePsw' || isStaffPath(p)) return 'none';
  return 'back';
}

/**
 * Where the back arrow goes: home for login, register, trail, activity and
 * forget (spec), for the message center ("Back goes to home", spec
 * "Message center") and for the return from a social provider (history
 * there is the provider's sign-in page); one step back in history elsewhere.
 */
export function backTarget(path: string): typeof homePath | 'history' {
  const p = normalisePath(path);
  if (isRegisterPath(p)) return homePath;
  return ['/m/login', '/m/trail', '/m/activity', '/m/forget', '/m/message', '/m/social'].includes(p) ? homePath : 'history';
}

/** The bottom-menu entry highlighted on a path, if any. */
export type BottomTab = 'member' | 'promotions' | 'home' | 'deposit';

export function activeBottomTab(path: string): BottomTab | null {
  const p = normalisePath(path);
  if (isHomePath(p)) return 'home';
  if (isActivityPath(p)) return 'promotions';
  if (p === '/m/member/home') return 'member';
  if (p === '/m/voucherCenter') return 'deposit';
  return null;
}

/**
 * The title message id of each screen (the spec names some, the rest are ours): `title.` and the
 * path's segments in camel case (`/m/hot-games` is title.hotGames, `/m/member/home` title.memberHome),
 * but for these.
 */
const titles: Record<string, MessageId> = {
  '/m/register.html': 'title.register',
  '/m/social': 'title.login',
  '/m/gameList': 'title.gameCenter',
  '/staff': 'staff.title',
};
const routed: ReadonlySet<string> = new Set(routePaths);

/**
 * The title of a path; home paths and unknown paths (which redirect home) get the home title. A lottery
 * game's screens (`/m/lotto/<gameCode>`, `/m/lotto/results/<gameCode>`) are titled by their kind; their
 * titles are the lobby part's, which their routes load first (src/i18n/catalog-parts.ts).
 */
export function titleId(path: string): MessageId {
  const p = normalisePath(path);
  if (isHomePath(p)) return 'title.home';
  const own = titles[p];
  if (own) return own;
  if (routed.has(p)) return pathTitleId(p) as MessageId;
  return p.startsWith('/m/lotto/') ? pathTitleId(p.startsWith('/m/lotto/results/') ? '/m/lotto/results' : '/m/lotto') as MessageId : 'title.home';
}
