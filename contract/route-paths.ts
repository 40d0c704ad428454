/**
 * Every URL path of the spec's route table (section 2), in one place, so that
 * the layout-rule tests, the route-tree test and later suites (accessibility
 * audit, screenshots) can enumerate them. The route files in `src/routes/`
 * are declared in `src/routes/routes.ts`; `route-tree.test.ts` checks that the
 * two lists agree.
 *
 * Paths keep the spec's spelling (camelCase segments such as `/m/changePsw`).
 */

/** The canonical home path; the aliases below redirect here with `replace`. */
export const homePath = '/m/home';

/** Paths that are the home screen too (spec: `/`, `/m`, `/m/`, `/m/index`, `/m/index.html`). */
export const homeAliasPaths = ['/', '/m', '/m/', '/m/index', '/m/index.html'] as const;

/** Open to everyone (guests included). */
export const openPaths = [
  '/m/home',
  '/m/login',
  '/m/register',
  '/m/register.html',
  '/m/forget',
  '/m/changePsw',
  '/m/trail',
  '/m/social',
  '/m/notice',
  '/m/message',
  '/m/chat',
  '/m/set',
  '/m/help',
  '/m/activity',
  '/m/activityDetail',
  '/m/hot-games',
  '/m/gameCenter',
  '/m/slotsCenter',
  '/m/gameList',
  '/m/lottery',
  '/m/live-games',
  '/m/slot-games',
  '/m/sport-games',
  '/m/esport-games',
  '/m/fishing-games',
  '/m/poker-games',
  '/m/lott',
  '/m/elott',
  '/m/lotto/rank',
  '/m/live',
] as const;

/**
 * The lottery's screens of one game (docs/lottery.md), as route patterns: `/m/lotto/<gameCode>` (the game
 * screen a lottery launch opens, contract/lottery.ts `lotteryGamePath`) and `/m/lotto/results/<gameCode>`.
 * Open to everyone. Suites that visit every path open them with a game's code.
 */
export const lotteryGamePaths = ['/m/lotto/$gameCode', '/m/lotto/results/$gameCode'] as const;

/**
 * The contract screens: a contract is offered to any member of an agent's downline, plain members
 * included (spec section 5: the contract check runs for types other than 4, 40, 41, 42), so these need a
 * session, not an agent; a trial account is refused by the server (docs/contracts.md).
 */
export const contractPaths = ['/m/member/agent/getSalaryContract', '/m/member/agent/getDevidendContract', '/m/member/agent/getHourContract'] as const;

/**
 * Need a session (member, trial or agent); guests are sent to `/m/login` with
 * `replace` (spec section 6: inbox, change password, member center, wallet...).
 * `/m/changePsw` is NOT here: it is reached right after a first login or from
 * settings, and its own guard sends guests to login and trial accounts home
 * (src/app/route-guards.ts, spec "Change password").
 */
export const memberPaths = [
  '/m/webEmail',
  '/m/voucherCenter',
  '/m/withdraw',
  '/m/transaction/record',
  '/m/transaction/profit',
  '/m/member/home',
  '/m/member/benefits',
  '/m/mall/mallHome',
  '/m/inviteFriends',
  '/m/myAccount/index',
  '/m/gameRecord',
  '/m/securityCenter',
  '/m/member/kyc',
  '/m/responsibleGaming',
  '/m/lotto/orders',
  '/m/leaderboard',
  '/m/feedback',
  ...contractPaths,
] as const;

/** Agent members only (types 1, 2, 41, 42); anyone else goes to `/m/home` with `replace`. */
export const agentPaths = [
  '/m/agent',
  '/m/agent/team/overview',
  '/m/agent/team/pnl',
  '/m/agent/team/transactions',
  '/m/member/team',
  '/m/teamBetting',
  '/m/member/agent/agentRebeat',
  '/m/member/teamRebate',
  '/m/redRain',
  '/m/agentRegister',
  '/m/member/agent/agentDivident',
  '/m/member/notice',
] as const;

export type OpenPath = (typeof openPaths)[number];
export type MemberPath = (typeof memberPaths)[number];
export type AgentPath = (typeof agentPaths)[number];
export type RoutePath = OpenPath | MemberPath | AgentPath;

/** The message id of a screen's title: `title.` and its path's segments in camel case (`/m/member/home` is title.memberHome). */
export const pathTitleId = (path: string): `title.${string}` => `title.${path.slice(3).replace(/[-/](.)/g, (_, c: string) => c.toUpperCase())}`;

/** Every screen path of the route table (aliases excluded). */
export const routePaths: readonly RoutePath[] = [...openPaths, ...memberPaths, ...agentPaths];

/**
 * The staff console (`staffConsolePath` of contract/chat.ts): customer-service
 * staff sign in there with accounts of their own; not a screen of the players'
 * site (none of its bars, no player session).
 */
export const staffPaths = ['/staff'] as const;

/** Every path the site answers, aliases included. */
export const allPaths: readonly string[] = [...homeAliasPaths, ...routePaths, ...lotteryGamePaths, ...staffPaths];

export type Access = 'open' | 'member' | 'agent';

export function accessOf(path: string): Access {
  if ((agentPaths as readonly string[]).includes(path)) return 'agent';
  if ((memberPaths as readonly string[]).includes(path)) return 'member';
  return 'open';
}

/**
 * Where a flow sends the player: the `navigate` event of the app machine,
 * which every machine's navigation goes through (src/app/navigation.ts).
 */
export type Navigation =
  | { to: RoutePath; search?: Record<string, string | number>; replace?: boolean }
  /** A same-site URL kept for later (`/m/login?redirect=`), validated by its route. */
  | { href: string; replace?: boolean }
  /** One step back in the history, or to `to` (replacing) when there is none. */
  | { back: true; to: RoutePath };

/**
 * The app shell the service worker keeps for navigations without a network:
 * index.html as built, without the first answers of any moment
 * (server/http/document.ts; docs/pwa.md).
 */
export const appShellPath = '/app-shell.html';
