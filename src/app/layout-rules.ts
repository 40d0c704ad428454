/**
 * Layout rules of the shell (spec section 2, "Layout rules") as pure functions
 * of the URL path: no React, no router. See docs/layout-rules.md for the
 * decisions behind the route groups below.
 */
import type { MessageId } from '../i18n/message-id.ts';
import { agentPaths, homeAliasPaths, homePath } from '../../contract/route-paths.ts';

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
 * forget, agent, activity, notice, game-list and help routes.
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
  if (isAgentPath(p) || isAppPath(p) || isRegisterPath(p) || isActivityPath(p)) return false;
  return !['/m/login', '/m/message', '/m/lottery', '/m/forget', '/m/notice', '/m/gameList', '/m/help'].includes(p);
}

/**
 * The bottom bar shows everywhere except on login, register, slotsCenter,
 * gameList, lottery, forget, changePsw, app, notice, agent and help routes.
 */
export function showsBottomBar(path: string): boolean {
  const p = normalisePath(path);
  if (isAgentPath(p) || isAppPath(p) || isRegisterPath(p)) return false;
  return ![
    '/m/login',
    '/m/slotsCenter',
    '/m/gameList',
    '/m/lottery',
    '/m/forget',
    '/m/changePsw',
    '/m/notice',
    '/m/help',
  ].includes(p);
}

export type NavbarMode = 'logo' | 'back' | 'none';

/** Logo on home paths, nothing on /m/changePsw (a forced step), a back arrow elsewhere. */
export function navbarMode(path: string): NavbarMode {
  const p = normalisePath(path);
  if (isHomePath(p)) return 'logo';
  if (p === '/m/changePsw') return 'none';
  return 'back';
}

/**
 * Where the back arrow goes: home for login, register, trail, activity and
 * forget (spec), and for the message center ("Back goes to home", spec
 * "Message center"); one step back in history elsewhere.
 */
export function backTarget(path: string): typeof homePath | 'history' {
  const p = normalisePath(path);
  if (isRegisterPath(p)) return homePath;
  return ['/m/login', '/m/trail', '/m/activity', '/m/forget', '/m/message'].includes(p) ? homePath : 'history';
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

/** The title message id of each screen; the spec names some, the rest are ours. */
const titles: Record<string, MessageId> = {
  '/m/home': 'title.home',
  '/m/login': 'title.login',
  '/m/register': 'title.register',
  '/m/register.html': 'title.register',
  '/m/forget': 'title.forget',
  '/m/changePsw': 'title.changePsw',
  '/m/trail': 'title.trail',
  '/m/notice': 'title.notice',
  '/m/webEmail': 'title.webEmail',
  '/m/message': 'title.message',
  '/m/set': 'title.set',
  '/m/help': 'title.help',
  '/m/activity': 'title.activity',
  '/m/activityDetail': 'title.activityDetail',
  '/m/hot-games': 'title.hotGames',
  '/m/gameCenter': 'title.gameCenter',
  '/m/slotsCenter': 'title.slotsCenter',
  '/m/gameList': 'title.gameCenter',
  '/m/lottery': 'title.lottery',
  '/m/live-games': 'title.liveGames',
  '/m/slot-games': 'title.slotGames',
  '/m/sport-games': 'title.sportGames',
  '/m/esport-games': 'title.esportGames',
  '/m/fishing-games': 'title.fishingGames',
  '/m/poker-games': 'title.pokerGames',
  '/m/lott': 'title.lott',
  '/m/elott': 'title.elott',
  '/m/voucherCenter': 'title.voucherCenter',
  '/m/withdraw': 'title.withdraw',
  '/m/transaction/record': 'title.transactionRecord',
  '/m/member/home': 'title.memberHome',
  '/m/member/benefits': 'title.memberBenefits',
  '/m/mall/mallHome': 'title.mallHome',
  '/m/inviteFriends': 'title.inviteFriends',
  '/m/myAccount/index': 'title.myAccount',
  '/m/gameRecord': 'title.gameRecord',
  '/m/securityCenter': 'title.securityCenter',
  '/m/agent': 'title.agent',
  '/m/agent/team/overview': 'title.teamOverview',
  '/m/agent/team/pnl': 'title.teamPnl',
  '/m/member/team': 'title.memberTeam',
  '/m/teamBetting': 'title.teamBetting',
  '/m/member/agent/agentRebeat': 'title.agentRebate',
  '/m/member/teamRebate': 'title.teamRebate',
  '/m/redRain': 'title.redRain',
  '/m/agentRegister': 'title.agentRegister',
  '/m/member/agent/agentDivident': 'title.agentDividend',
  '/m/member/notice': 'title.agentNotice',
  '/m/member/agent/getSalaryContract': 'title.salaryContract',
  '/m/member/agent/getDevidendContract': 'title.dividendContract',
  '/m/member/agent/getHourContract': 'title.hourContract',
};

/** The title of a path; home paths and unknown paths (which redirect home) get the home title. */
export function titleId(path: string): MessageId {
  const p = normalisePath(path);
  if (isHomePath(p)) return 'title.home';
  return titles[p] ?? 'title.home';
}
