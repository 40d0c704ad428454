import { agentPaths, memberPaths, pathTitleId } from '../../contract/route-paths.ts';

/**
 * The parts a language's catalog is compiled into (scripts/compile-catalogs.ts):
 * `core` holds what every screen may show (shell, the home, titles, the
 * errors of any call); the identity and money screens' own messages, the
 * error codes only their forms meet, the lobby's messages beyond the home's
 * first screen, and the content screens' (help centre, promotions, inbox,
 * notices and message center: one part, `content`, as each part costs the
 * home's first load its loader) are parts of their own, loaded with the
 * screens that show them (`useCatalogPart`), so the first load of the home
 * carries only `core`.
 * The in-house game page's messages (`play.`) are the server's
 * (server/modules/play/page.ts) and never reach the browser, nor do the
 * inbox's system messages (`inbox.` but `inbox.screen.`), which the server
 * translates when they are read (server/modules/inbox/); the inbox screen's
 * own messages (`inbox.screen.`, and the error codes only it meets) are in
 * the `content` part. The installed app's messages (the download bar and
 * hints `install.`, the update prompt `update.`, the offline notice
 * `offline.`) are the `install` part, loaded with the layer that shows them
 * (src/features/shell/install-layer.tsx), after the first screen. The
 * whole-page states (maintenance and region restriction) are the `status`
 * part, loaded by the lazy screens that show them; the service worker keeps it with `core`
 * for every language, as the maintenance page may show offline.
 */
export const catalogParts = ['core', 'identity', 'money', 'lobby', 'content', 'install', 'status'] as const;
export type CatalogPart = (typeof catalogParts)[number];

/**
 * The developer tools' messages (`dev.`: the inspector panel behind
 * `?inspect`, src/inspector/) are compiled into a part of their own that the
 * site never asks for: src/i18n/catalogs.ts leaves it out, and only
 * development and preview builds load it, with the panel
 * (src/i18n/dev-catalog.ts). A production build holds none of it.
 */
export const devPart = 'dev';
/** Every part a catalog is compiled into: the site's and the developer tools'. */
export const compiledParts = [...catalogParts, devPart] as const;
export type CompiledPart = (typeof compiledParts)[number];

/**
 * Error codes only the identity, the money or the content screens
 * (promotions, inbox, notices, the live chat) show (their forms' answers), and the game
 * codes only the launcher and the game lists show (the lobby part); every
 * other code (session, request, trial) is in `core`.
 */
const errorParts: [RegExp, CatalogPart][] = [
  [/^(login\.(failed|method\.disabled|throttled)|trial\.limit|social\.|user\.disabled|session\.device\.|crypto\.|captcha\.|verification\.|member\.|register\.|mobile\.invalid|password\.|affiliate\.|modify\.|security\.|mall\.|kyc\.(images|already)\.|agent\.|contract\.|rebate\.|rg\.exclusion\.|feedback\.)/, 'identity'],
  // The withdraw form meets kyc.required (a withdrawal waiting for the identity check).
  [/^(wallet\.|deposit\.|rg\.deposit\.|bankcard\.|withdraw\.|request\.idempotency\.|kyc\.required$)/, 'money'],
  [/^(promotion\.|upload\.|inbox\.|announcement\.|chat\.|live\.)/, 'content'],
  // Shown by the launcher's toasts and the game lists, which load the lobby part.
  [/^(game\.|rg\.(play|bet)\.|lottery\.)/, 'lobby'],
];

/**
 * Lobby messages the home's first screen does not show: the list screens'
 * search, tabs, filters and classify names, the launcher's sheet and toasts, and what the home
 * builds below its first screen (winner board, footer, download popup).
 */
const lobbyPart = /^lobby\.(filter|classify|list|tabs|search|sheet|footer|download|winners|lottery)\.|^lobby\.(block\.vendors|fav\.(add|remove)Short|launching)$/;

const identityIds: ReadonlySet<string> = new Set(['email-incorrect', 'in_sms_send', 'in_sms_sending', 'in_popup_prompt', 'in_sure_logout']);

/**
 * The titles of the screens that need a session: only a signed-in member sees them, and the agents' and
 * the members' pathless layouts load the identity part before any of their screens
 * (src/routes/guards/agent-only.tsx, member-only.tsx), as the member center, the member menu and the
 * agency centre that link to them do. But for the titles the side menu shows a guest too (the points mall,
 * member benefits, invite friends: src/features/shell/side-menu.tsx), which stay in `core`.
 */
const guestMenuPaths: readonly string[] = ['/m/mall/mallHome', '/m/member/benefits', '/m/inviteFriends'];
const sessionTitleIds: ReadonlySet<string> = new Set([...agentPaths, ...memberPaths.filter((p) => !guestMenuPaths.includes(p))].map(pathTitleId));

/** The part a message id is compiled into; null for messages the browser never needs. */
export function partOf(id: string): CompiledPart | null {
  const namespace = id.slice(0, id.indexOf('.'));
  if (namespace === 'play') return null;
  if (namespace === 'inbox') return id.startsWith('inbox.screen.') ? 'content' : null;
  if (namespace === devPart) return devPart;
  if (namespace === 'identity' || namespace === 'money') return namespace;
  // The member screens' messages (member center, my account: `account.`; the security center: `security.`; the VIP room and reward
  // center: `loyalty.`; invite friends: `referral.`; the KYC center: `kyc.`; the agency centre: `agent.`; responsible gaming: `rg.`; feedback: `feedback.`) come with the identity part.
  if (
    namespace === 'account' ||
    namespace === 'security' ||
    namespace === 'loyalty' ||
    namespace === 'referral' ||
    namespace === 'kyc' ||
    namespace === 'agent' ||
    namespace === 'rg' ||
    namespace === 'feedback'
  ) {
    return 'identity';
  }
  // The content screens' messages (help centre `help.`, promotions `promo.`, inbox `inbox.screen.`,
  // notices and message center `messaging.`) come with them, as one part.
  // The live rooms' title too: their route loads the content part before it shows (nothing of the first load names it).
  if (namespace === 'help' || namespace === 'promo' || namespace === 'messaging' || id === 'title.live') return 'content';
  // The live chat's messages (`chat.`) come with the chat screen and its launcher's toast, in the content
  // part (its name, which the navbar's title and the entry points show first, is `title.chat`, in `core`).
  if (namespace === 'chat') return 'content';
  // The staff console's messages (`staff.`, src/features/staff/) come with the content part too; but its
  // name, which the shell puts in the document's title, is in `core`.
  if (namespace === 'staff') return id === 'staff.title' ? 'core' : 'content';
  if (namespace === 'install' || namespace === 'update' || namespace === 'offline') return 'install';
  if (/^status\.(maintenance|restricted)\./.test(id)) return 'status';
  // The spec's bare ids, each shown by the screens of one part only: the trial account's refusal by the
  // wallet; the SMS button, the e-mail check, the logout and password prompts and the trial's
  // sign-up offer by the identity screens and dialogs; the login notice by the launcher.
  if (id === 'free_reject') return 'money';
  if (identityIds.has(id) || namespace === 'trial' || sessionTitleIds.has(id)) return 'identity';
  if (id === 'in_logged_login') return 'lobby';
  // The lottery screens' messages (`lottery.`) come with the lobby part, which every game screen loads; so do
  // the titles of the lottery's screens (`title.lotto`, `title.lottoResults` …), whose routes load that part before they show.
  if (namespace === 'lottery' || /^title\.lotto([A-Z]\w*)?$/.test(id) || lobbyPart.test(id)) return 'lobby';
  if (namespace === 'error') {
    const code = id.slice('error.'.length);
    return errorParts.find(([pattern]) => pattern.test(code))?.[1] ?? 'core';
  }
  return 'core';
}
