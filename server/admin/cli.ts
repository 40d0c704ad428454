/**
 * The operator CLI (`npm run admin -- <command>`).
 *
 * With PostgreSQL (DATABASE_URL) it writes the database directly; the running
 * server sees the change within its merchant cache lifetime (1 s).
 *
 * With PGlite, a second process must never open the data directory while the
 * server has it open (PGlite takes no lock and the files get corrupted). So:
 * when `<dataDir>/owner.json` names a live server, the command goes to that
 * server's local admin listener (127.0.0.1, random port, secret from
 * `<dataDir>/admin.secret`, mode 0600), which also drops the cached row so the
 * change shows at once. When no server runs, the CLI locks the directory
 * itself and opens the database directly.
 */
import { securityQuestionIds } from '../../contract/security.ts';
import { switchKeys } from '../../contract/system.ts';
import { readConfig, type ServerConfig } from '../config.ts';
import { changeBusOf } from '../db/change-bus.ts';
import { openDatabase } from '../db/connect.ts';
import { acquireDataDirLock, DataDirBusyError, type DataDirOwner, readDataDirOwner } from '../db/data-dir-lock.ts';
import { demoMerchantCode, seedIfEmpty } from '../seed/seed.ts';
import { AppError } from '../http/app-error.ts';
import { type MerchantSettingsView, normalizeCidrs } from '../modules/system/admin-service.ts';
import { formatAnnouncements } from '../modules/content/admin-commands.ts';
import { formatMembers, usernamePattern } from '../modules/member/admin-commands.ts';
import { isSecurityQuestionId } from '../modules/member/security-questions.ts';
import { formatInbox } from '../modules/inbox/admin-commands.ts';
import { formatChatAdmin, minStaffPasswordLength, parseChatArgs } from '../modules/chat/admin-commands.ts';
import { formatMall, mallFlags, parseMallArgs } from '../modules/loyalty/admin-commands.ts';
import { formatKyc, parseKycArgs, writeKycExport } from '../modules/member/kyc-admin-commands.ts';
import { formatFeedback, parseFeedbackArgs } from '../modules/feedback/admin-commands.ts';
import { agentMenuKeys } from '../../contract/agent.ts';
import { formatAgent, parseAgentArgs } from '../modules/agent/admin-commands.ts';
import { formatSettlement, parseSettlementArgs } from '../modules/agent/settlement-commands.ts';
import { formatRg, parseRgArgs } from '../modules/responsible-gaming/admin-commands.ts';
import { formatLottery, parseLotteryArgs } from '../modules/lottery/admin-commands.ts';
import {
  amountPattern,
  applicationListStatuses,
  datePattern,
  formatPromotions,
  type PromotionCommand,
} from '../modules/promotions/admin-commands.ts';
import { formatOutbox } from '../modules/verification/outbox.ts';
import { formatWithdrawals, withdrawalListStatuses } from '../modules/wallet/admin-commands.ts';
import { readAdminSecret } from './admin-secret.ts';
import { adminCommandPath, adminSecretHeader } from './admin-listener.ts';
import { formatBetRecovery } from './bet-recovery.ts';
import { type AdminCommand, type AdminResult, executeAdminCommand } from './commands.ts';

export const usage = `Usage: npm run admin -- <command> [--merchant CODE]

Commands:
  maintenance on [--info "text"]   put the merchant under maintenance (status 1)
  maintenance off                  end maintenance
  restrict set <cidr> [<cidr>...]  replace the restricted IP ranges (status 2), IPv4 or IPv6
  restrict clear                   remove all restricted IP ranges
  restrict list                    print the restricted IP ranges
  status                           print the merchant's current settings
  languages set <code> [<code>...] the interface languages the merchant offers (EN CN AR ...; each
                                   needs a catalog); the default stays if offered, else the first
  merchant switch <KEY> on|off     turn a white-label switch on or off, e.g. merchant switch POINTSMALL3 off
                                   (the reward center) or VIPROOM3 (the VIP room); keys: ${switchKeys.join(', ')}
  withdrawals list [--status S]    list withdrawals (S: pending (default), approved, rejected, all)
  withdrawals approve <id>         pay out a pending withdrawal (order number or id)
  withdrawals reject <id>          reject a pending withdrawal, returning the amount to the wallet
  bets recover [--older-than S]    roll back game rounds left open longer than S seconds
                                   (default PLAY_RECOVERY_AFTER_MS), as the server's sweep does
  outbox list --to <recipient>     SMS and e-mail messages of the local outbox for a mobile number
                                   (+639171234567) or an e-mail address, newest first (also:
                                   npm run outbox -- --to <recipient>)
  members agent <username>         make a member an agent (team leader, type 1) with an invitation code
  members payee <username> <payee name>
                                   change a member's payee name (members set it once; the merchant's
                                   payee name rule applies), e.g. members payee player1 "Patricia Santos"
  members answer-check <username> <questionId> <answer>
                                   whether a caller's answer to one of the member's security questions is
                                   the member's (compared as stored: trimmed, spaces and case ignored),
                                   e.g. members answer-check player1 firstPet "Rex"; questions: ${securityQuestionIds.join(', ')}
  staff add <name> [--name "Display name"]
                                   create a customer-service staff account for the staff console
                                   (/staff), or reset its password and name; the password is read
                                   from the environment variable STAFF_PASSWORD (10+ characters)
  staff list                       the merchant's staff accounts
  staff disable <name>             disable a staff account and end its sessions
  cs list                          the customer service entries the site shows (LIVECHAT, social links)
  cs set <TYPE> --title T --path P [--sequence N]
                                   add or replace the entry of a type (LIVECHAT, FACEBOOK, YOUTUBE,
                                   TIKTOK, INSTAGRAM, TWITTER, TELEGRAM, WHATSAPP); P is a path of
                                   this site (/m/chat) or an https:// address
  cs remove <TYPE>                 remove the entry of a type
  inbox send --to <username> --title T --body B [--title-cn T --body-cn B]
                                   write a message to a member's inbox (EN, optionally CN)
  inbox send --all --title T --body B [--title-cn T --body-cn B]
                                   broadcast a message to every member of the merchant
  inbox list --to <username>       the messages of a member's inbox, newest first
  promotions create --title T --content HTML --mode apply|join --bonus 88.00
             [--title-cn T] [--content-cn HTML] [--category ID] [--start YYYY-MM-DD] [--end YYYY-MM-DD]
                                   create a promotion (start: today; no --end: no expiry)
  promotions list                  list the promotions
  promotions categories            list the promotion categories
  promotions applications [--status pending|all]   applications (default pending) with their images
  promotions approve <applicationId>               approve a pending application (the member then claims)
  promotions reject <applicationId> --reason TEXT  reject a pending application
  promotions issue <promotionId>   pay the bonus of a join promotion to every member who joined (once each)
  mall items                       the points mall's rewards (id, name, points, reward, on/off) and rate
  mall item <id> [--points N] [--reward AMOUNT] [--enabled on|off]
                                   change a reward, e.g. mall item 1 --points 120 --reward 12.00
  mall rate <AMOUNT>               the turnover that earns one point, e.g. mall rate 10.00 (a point per
                                   10.00 of settled stakes); changes every member's earned points
  kyc list [--status pending|approved|rejected]
                                   the members' identity checks, oldest first (username, status,
                                   submitted, reviewed, a rejection's reason)
  kyc approve <username>           approve a member's pending identity check
  kyc reject <username> "<reason>" reject a pending check; the member sees the reason (plain text,
                                   1 to 200 characters) and may send again
  kyc export <username> <dir>      write the check's images into dir as <username>-front.png|jpg
                                   and <username>-back.png|jpg
  agent menu                       the agent menu's permission keys the merchant grants its agents, and
                                   those it withholds
  agent menu grant|revoke <KEY>    show or hide an agent menu entry (a revoked tool answers 403
                                   agent.menu.denied); keys: ${agentMenuKeys.join(', ')}
  agent team <username>            an agent's team size per level and its sub-agents
  contracts settle <kind> <period> settle an ended period of agent contracts now (kind salary: YYYY-MM-DD,
                                   hourly: YYYY-MM-DDTHH, dividend: YYYY-MM; UTC): each payout once,
                                   from the agent's wallet (unpaid when short; a later run pays it)
  contracts payouts <kind> [<period>]
                                   the contracts' payouts (the latest 100, or a period's)
  rebates settle <YYYY-MM-DD>      settle an ended day's rebates now (each member's once, from the house)
  rebates payouts <YYYY-MM-DD>     a day's rebate payouts
  rebates rates <username>         a member's rebate rates per game type
  rebates set <username> <type> <percent>
                                   set a member's rebate rate of a game type (RNG, FISH, LIVE, PVP, SPORTS,
                                   LOTT, ELOTT; 0 to 10 %); its team's rates above it are lowered to it
  rg list                          members with deposit, loss or wager limits (in force, and changes
                                   waiting out their 24-hour cooling-off), session limits, reality
                                   checks, time-outs and self-exclusions
  lottery draws <gameCode>         a lottery's latest 20 issues: draw time, status, numbers, seed hash
                                   (and the seed once drawn), open sub-orders
  lottery draw                     run the draw job now: due issues drawn and settled, each once
  feedback list [--status open|answered|closed]
                                   the members' feedback, newest first (the latest 100)
  feedback show <id>               a feedback's text, images and replies
  feedback reply <id> --text "..." reply to a feedback; the member sees it on /m/feedback
  feedback close <id>              close a feedback
  feedback limits [--min N --max N]
                                   show or set the merchant's word limits (default 5 to 500)
  announcements publish --type T --title "..." --content "<p>...</p>" --language L
                [--group G] [--start YYYY-MM-DD] [--end YYYY-MM-DD]
                                   publish an announcement (T: A, PL, B, PU, PR, H; scripts stripped)
  announcements list               list the merchant's announcements, newest first
  announcements retire <id>        stop showing an announcement

Options:
  --merchant CODE   merchant code (default ${demoMerchantCode})
  --info TEXT       maintenance message (maintenance on only)
  --status S        withdrawals list, promotions applications, kyc list
  --older-than S    bets recover only (seconds, >= 0)
  --to RECIPIENT    outbox list; inbox send and list (a member's username)
  --all             inbox send only: to every member
  --title, --body, --title-cn, --body-cn   inbox send: the message in EN and CN
  --type, --title, --content, --language, --group, --start, --end   announcements publish
  (the promotions commands' options are listed with them above)
  -h, --help        this help

Environment: DATA_DIR (PGlite data directory, default ./.data), DATABASE_URL (PostgreSQL).`;

export type ParsedArgs = { help: true } | { command: AdminCommand } | { error: string };

export function parseAdminArgs(argv: readonly string[]): ParsedArgs {
  // The feedback commands take options of their own (--text, --min, --max): parsed whole by their module.
  if (argv[0] === 'feedback') {
    if (argv.includes('-h') || argv.includes('--help')) return { help: true };
    return parseFeedbackArgs(argv.slice(1), demoMerchantCode);
  }
  const positional: string[] = [];
  let merchant = demoMerchantCode;
  let info: string | undefined;
  let status: string | undefined;
  let olderThan: string | undefined;
  let to: string | undefined;
  let all = false;
  /** The text and value flags of the inbox, promotions and announcements commands; each command takes its own. */
  const valued = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { help: true };
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (arg === '--all') {
      all = true;
      continue;
    }
    if (flag === '--merchant' || flag === '--info' || flag === '--status' || flag === '--older-than' || flag === '--to') {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') return { error: `${flag} needs a value` };
      if (flag === '--merchant') merchant = value;
      else if (flag === '--status') status = value;
      else if (flag === '--older-than') olderThan = value;
      else if (flag === '--to') to = value;
      else info = value;
      continue;
    }
    if (
      inboxTextFlags.includes(flag) ||
      promotionFlagNames.has(flag) ||
      publishFlags.includes(flag) ||
      chatFlags.includes(flag) ||
      mallFlags.includes(flag)
    ) {
      const value = inline ?? argv[++i];
      if (value === undefined || value.trim() === '') return { error: `${flag} needs a value` };
      valued.set(flag, value);
      continue;
    }
    if (arg.startsWith('-')) return { error: `Unknown option ${arg}` };
    positional.push(arg);
  }
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(merchant)) return { error: `Invalid merchant code "${merchant}"` };
  const [area, action, ...rest] = positional;
  const noMore = (n: number) => (positional.length > n ? { error: `Unexpected argument ${positional[n]}` } : null);
  if (info !== undefined && !(area === 'maintenance' && action === 'on')) {
    return { error: '--info applies to "maintenance on" only' };
  }
  if (area === 'kyc') {
    if (all || to !== undefined || olderThan !== undefined || valued.size > 0) return { error: 'Unknown option for "kyc"' };
    const parsed = parseKycArgs(merchant, action, rest, status);
    if ('error' in parsed) return parsed;
    return (parsed.positionals === null ? null : noMore(parsed.positionals)) ?? { command: parsed.command };
  }
  if (area === 'agent') {
    if (all || to !== undefined || status !== undefined || olderThan !== undefined || valued.size > 0) return { error: 'Unknown option for "agent"' };
    const parsed = parseAgentArgs(merchant, action, rest);
    return 'error' in parsed ? parsed : (noMore(parsed.positionals) ?? { command: parsed.command });
  }
  if (area === 'rg') {
    if (all || to !== undefined || status !== undefined || olderThan !== undefined || valued.size > 0) return { error: 'Unknown option for "rg"' };
    const parsed = parseRgArgs(merchant, action);
    return 'error' in parsed ? parsed : (noMore(parsed.positionals) ?? { command: parsed.command });
  }
  if (area === 'lottery') {
    if (all || to !== undefined || status !== undefined || olderThan !== undefined || valued.size > 0) return { error: 'Unknown option for "lottery"' };
    const parsed = parseLotteryArgs(merchant, action, rest);
    return 'error' in parsed ? parsed : (noMore(parsed.positionals) ?? { command: parsed.command });
  }
  if (area === 'contracts' || area === 'rebates') {
    if (all || to !== undefined || status !== undefined || olderThan !== undefined || valued.size > 0) return { error: `Unknown option for "${area}"` };
    const parsed = parseSettlementArgs(merchant, area, action, rest);
    return 'error' in parsed ? parsed : (noMore(parsed.positionals) ?? { command: parsed.command });
  }
  if (status !== undefined && !(area === 'withdrawals' && action === 'list') && !(area === 'promotions' && action === 'applications')) {
    return { error: '--status applies to "withdrawals list" and "promotions applications" only' };
  }
  // Each command's own value flags; any other is refused.
  const own = (names: readonly string[], command: string) => {
    const other = [...valued.keys()].find((flag) => !names.includes(flag));
    return other === undefined ? null : { error: `${other} does not apply to "${command}"` };
  };
  if (area === 'staff' || area === 'cs') {
    if (all || to !== undefined || info !== undefined || status !== undefined || olderThan !== undefined) return { error: `Unknown option for "${area}"` };
    const parsed = parseChatArgs(merchant, area, action, rest, valued);
    if ('error' in parsed) return parsed;
    return noMore(parsed.positionals) ?? { command: parsed.command as AdminCommand };
  }
  if (area === 'mall') {
    if (all || to !== undefined || info !== undefined || status !== undefined || olderThan !== undefined) return { error: 'Unknown option for "mall"' };
    const parsed = parseMallArgs(merchant, action, rest, valued);
    return 'error' in parsed ? parsed : (noMore(parsed.positionals) ?? { command: parsed.command });
  }
  if (area === 'promotions') {
    if (all) return { error: '--all applies to "inbox send" only' };
    const promotionFlags = new Map([...valued].filter(([flag]) => promotionFlagNames.has(flag)));
    const refused = own([...promotionFlagNames], `promotions ${action ?? ''}`.trim());
    if (refused) return refused;
    const parsed = parsePromotionArgs(merchant, action, rest, promotionFlags, status);
    return 'error' in parsed ? parsed : (noMore(parsed.positionals) ?? { command: parsed.command });
  }
  if (olderThan !== undefined && !(area === 'bets' && action === 'recover')) {
    return { error: '--older-than applies to "bets recover" only' };
  }
  if (to !== undefined && !(area === 'outbox' && action === 'list') && area !== 'inbox') {
    return { error: '--to applies to "outbox list" and "inbox" only' };
  }
  if (all && !(area === 'inbox' && action === 'send')) return { error: '--all applies to "inbox send" only' };
  const isInboxSend = area === 'inbox' && action === 'send';
  const isPublish = area === 'announcements' && action === 'publish';
  const refused = own(isInboxSend ? inboxTextFlags : isPublish ? publishFlags : [], `${area ?? ''} ${action ?? ''}`.trim());
  if (refused) return refused;
  const texts = {
    '--title': valued.get('--title'),
    '--body': valued.get('--body'),
    '--title-cn': valued.get('--title-cn'),
    '--body-cn': valued.get('--body-cn'),
  };
  const publish = Object.fromEntries([...valued].map(([flag, value]) => [flag.slice(2), value])) as Record<string, string | undefined>;
  switch (`${area ?? ''} ${action ?? ''}`.trim()) {
    case 'maintenance on':
      return noMore(2) ?? { command: info === undefined ? { kind: 'maintenance.on', merchant } : { kind: 'maintenance.on', merchant, info } };
    case 'maintenance off':
      return noMore(2) ?? { command: { kind: 'maintenance.off', merchant } };
    case 'restrict set': {
      if (rest.length === 0) return { error: 'restrict set needs at least one CIDR' };
      const { invalid } = normalizeCidrs(rest);
      if (invalid.length > 0) return { error: `Invalid CIDR: ${invalid.join(', ')}` };
      return { command: { kind: 'restrict.set', merchant, cidrs: rest } };
    }
    case 'restrict clear':
      return noMore(2) ?? { command: { kind: 'restrict.clear', merchant } };
    case 'restrict list':
      return noMore(2) ?? { command: { kind: 'restrict.list', merchant } };
    case 'status':
      return noMore(1) ?? { command: { kind: 'status', merchant } };
    case 'languages set': {
      if (rest.length === 0) return { error: 'languages set needs at least one language code' };
      if (rest.some((code) => !/^[A-Za-z]{2}(-[A-Za-z]{2})?$/.test(code))) return { error: 'Language codes look like EN, CN or PT-BR' };
      return { command: { kind: 'languages.set', merchant, languages: rest.map((code) => code.toUpperCase()) } };
    }
    case 'merchant switch': {
      const [key, state] = rest;
      if (!key || !(switchKeys as readonly string[]).includes(key.toUpperCase())) {
        return { error: `merchant switch needs a switch key (${switchKeys.join(', ')})` };
      }
      if (state !== 'on' && state !== 'off') return { error: 'merchant switch needs on or off after the key' };
      return noMore(4) ?? { command: { kind: 'switch.set', merchant, key: key.toUpperCase() as (typeof switchKeys)[number], on: state === 'on' } };
    }
    case 'withdrawals list': {
      const listStatus = status ?? 'pending';
      if (!(withdrawalListStatuses as readonly string[]).includes(listStatus)) return { error: `Invalid status "${listStatus}"` };
      return noMore(2) ?? { command: { kind: 'withdrawals.list', merchant, status: listStatus as (typeof withdrawalListStatuses)[number] } };
    }
    case 'withdrawals approve':
    case 'withdrawals reject': {
      const id = rest[0];
      if (!id || !/^[A-Za-z0-9]{1,40}$/.test(id)) return { error: `withdrawals ${action} needs a withdrawal order number or id` };
      const kind = action === 'approve' ? 'withdrawals.approve' : 'withdrawals.reject';
      return noMore(3) ?? { command: { kind, merchant, id } };
    }
    case 'bets recover': {
      if (olderThan !== undefined && !/^\d{1,9}$/.test(olderThan)) return { error: `Invalid --older-than "${olderThan}" (whole seconds)` };
      const command = { kind: 'bets.recover' as const, merchant, ...(olderThan !== undefined ? { olderThanMs: Number(olderThan) * 1000 } : {}) };
      return noMore(2) ?? { command };
    }
    case 'outbox list':
      if (to === undefined || to.length > 254) return { error: 'outbox list needs --to <mobile number or e-mail address>' };
      return noMore(2) ?? { command: { kind: 'outbox.list', merchant, to } };
    case 'members agent': {
      const username = rest[0];
      if (!username || !usernamePattern.test(username)) return { error: 'members agent needs a member\'s username' };
      return noMore(3) ?? { command: { kind: 'members.agent', merchant, username } };
    }
    case 'members payee': {
      const [username, ...words] = rest;
      // The name may come quoted (one argument) or as several words.
      const payeeName = words.join(' ').trim();
      if (!username || !usernamePattern.test(username) || !payeeName || payeeName.length > 128) {
        return { error: 'members payee needs a member\'s username and the payee name' };
      }
      return { command: { kind: 'members.payee', merchant, username, payeeName } };
    }
    case 'members answer-check': {
      const [username, questionId, ...words] = rest;
      // The answer may come quoted (one argument) or as several words.
      const answer = words.join(' ');
      if (!username || !usernamePattern.test(username) || !questionId || !answer.trim() || answer.length > 256) {
        return { error: "members answer-check needs a member's username, a question id and the answer" };
      }
      if (!isSecurityQuestionId(questionId)) return { error: `Unknown question "${questionId}" (${securityQuestionIds.join(', ')})` };
      return { command: { kind: 'members.answer-check', merchant, username, questionId, answer } };
    }
    case 'inbox send': {
      if (all === (to !== undefined)) return { error: 'inbox send needs either --to <username> or --all' };
      if (to !== undefined && !usernamePattern.test(to)) return { error: `Invalid username "${to}"` };
      const { '--title': title, '--body': body, '--title-cn': titleCn, '--body-cn': bodyCn } = texts;
      if (title === undefined || body === undefined) return { error: 'inbox send needs --title and --body' };
      if ((titleCn === undefined) !== (bodyCn === undefined)) return { error: '--title-cn and --body-cn go together' };
      const cn = titleCn !== undefined && bodyCn !== undefined ? { CN: { title: titleCn, body: bodyCn } } : {};
      return noMore(2) ?? { command: { kind: 'inbox.send', merchant, to: to ?? null, texts: { EN: { title, body }, ...cn } } };
    }
    case 'inbox list':
      if (to === undefined || !usernamePattern.test(to)) return { error: 'inbox list needs --to <username>' };
      return noMore(2) ?? { command: { kind: 'inbox.list', merchant, to } };
    case 'announcements publish': {
      const { type, title, content, language, group, start, end } = publish;
      if (!type || !title || !content || !language) return { error: 'announcements publish needs --type, --title, --content and --language' };
      if (!['A', 'PL', 'B', 'PU', 'PR', 'H'].includes(type)) return { error: `Invalid --type "${type}" (A, PL, B, PU, PR or H)` };
      if (!/^[A-Za-z]{2}(-[A-Za-z]{2})?$/.test(language)) return { error: `Invalid --language "${language}"` };
      for (const [name, date] of [['--start', start], ['--end', end]] as const) {
        if (date !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))) return { error: `Invalid ${name} "${date}" (YYYY-MM-DD)` };
      }
      if (group !== undefined && !/^[a-z_]{1,32}$/.test(group)) return { error: `Invalid --group "${group}"` };
      const command = {
        kind: 'announcements.publish' as const,
        merchant,
        type: type as 'A',
        title,
        content,
        language: language.toUpperCase(),
        ...(group !== undefined ? { group } : {}),
        ...(start !== undefined ? { start } : {}),
        ...(end !== undefined ? { end } : {}),
      };
      return noMore(2) ?? { command };
    }
    case 'announcements list':
      return noMore(2) ?? { command: { kind: 'announcements.list', merchant } };
    case 'announcements retire': {
      const id = rest[0];
      if (!id || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return { error: 'announcements retire needs an announcement id' };
      return noMore(3) ?? { command: { kind: 'announcements.retire', merchant, id: Number(id) } };
    }
    case '':
      return { error: 'No command given' };
    default:
      return { error: `Unknown command "${positional.join(' ')}"` };
  }
}

/** The flags of the staff and customer service commands (`--title` is shared with the others). */
const chatFlags = ['--name', '--path', '--sequence'];
/** The message of `inbox send`, in EN and CN. */
const inboxTextFlags = ['--title', '--body', '--title-cn', '--body-cn'];
/** The announcement of `announcements publish`. */
const publishFlags = ['--type', '--title', '--content', '--language', '--group', '--start', '--end'];
const promotionFlagNames = new Set(['--title', '--title-cn', '--content', '--content-cn', '--mode', '--bonus', '--category', '--start', '--end', '--reason']);

/** Which promotion flags each promotions command takes. */
const promotionFlagsOf: Record<string, string[]> = {
  create: ['--title', '--title-cn', '--content', '--content-cn', '--mode', '--bonus', '--category', '--start', '--end'],
  reject: ['--reason'],
};

const positiveId = /^[1-9][0-9]{0,14}$/;

function parsePromotionArgs(
  merchant: string,
  action: string | undefined,
  rest: string[],
  flags: Map<string, string>,
  status: string | undefined,
): { command: PromotionCommand; positionals: number } | { error: string } {
  const allowed = promotionFlagsOf[action ?? ''] ?? [];
  for (const flag of flags.keys()) {
    if (!allowed.includes(flag)) return { error: `${flag} does not apply to "promotions ${action ?? ''}"` };
  }
  const idArg = (what: string): number | { error: string } => {
    const value = rest[0];
    return value && positiveId.test(value) ? Number(value) : { error: `promotions ${action} needs ${what}` };
  };
  switch (action) {
    case 'create': {
      const title = flags.get('--title');
      const content = flags.get('--content');
      const mode = flags.get('--mode');
      const bonus = flags.get('--bonus');
      if (!title || !content) return { error: 'promotions create needs --title and --content' };
      if (mode !== 'apply' && mode !== 'join') return { error: 'promotions create needs --mode apply or --mode join' };
      if (!bonus || !amountPattern.test(bonus)) return { error: 'promotions create needs --bonus AMOUNT (for example 88.00)' };
      const category = flags.get('--category');
      if (category !== undefined && !positiveId.test(category)) return { error: `Invalid --category "${category}"` };
      for (const flag of ['--start', '--end']) {
        const date = flags.get(flag);
        if (date !== undefined && !datePattern.test(date)) return { error: `Invalid ${flag} "${date}" (YYYY-MM-DD)` };
      }
      const optional = (flag: string) => flags.get(flag);
      const command: PromotionCommand = {
        kind: 'promotions.create',
        merchant,
        title,
        content,
        mode,
        bonus,
        ...(optional('--title-cn') ? { titleCn: optional('--title-cn') } : {}),
        ...(optional('--content-cn') ? { contentCn: optional('--content-cn') } : {}),
        ...(category ? { categoryId: Number(category) } : {}),
        ...(optional('--start') ? { start: optional('--start') } : {}),
        ...(optional('--end') ? { end: optional('--end') } : {}),
      };
      return { command, positionals: 2 };
    }
    case 'list':
      return { command: { kind: 'promotions.list', merchant }, positionals: 2 };
    case 'categories':
      return { command: { kind: 'promotions.categories', merchant }, positionals: 2 };
    case 'applications': {
      const listStatus = status ?? 'pending';
      if (!(applicationListStatuses as readonly string[]).includes(listStatus)) return { error: `Invalid status "${listStatus}" (pending or all)` };
      return { command: { kind: 'promotions.applications', merchant, status: listStatus as (typeof applicationListStatuses)[number] }, positionals: 2 };
    }
    case 'approve':
    case 'reject': {
      const id = idArg('an application id');
      if (typeof id !== 'number') return id;
      if (action === 'approve') return { command: { kind: 'promotions.approve', merchant, id }, positionals: 3 };
      const reason = flags.get('--reason');
      if (!reason?.trim()) return { error: 'promotions reject needs --reason "..."' };
      return { command: { kind: 'promotions.reject', merchant, id, reason }, positionals: 3 };
    }
    case 'issue': {
      const id = idArg('a promotion id');
      if (typeof id !== 'number') return id;
      return { command: { kind: 'promotions.issue', merchant, id }, positionals: 3 };
    }
    default:
      return { error: action ? `Unknown command "promotions ${action}"` : 'promotions needs a command (create, list, categories, applications, approve, reject, issue)' };
  }
}

export interface CommandOutcome {
  view: AdminResult;
  /** 'direct' (opened the database) or 'server' (sent to the running server). */
  via: 'direct' | 'server';
}

async function runDirect(config: ServerConfig, command: AdminCommand): Promise<AdminResult> {
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await handle.migrate();
    await seedIfEmpty(handle.db);
    const view = await executeAdminCommand(handle.db, command);
    // The servers sharing this database (PostgreSQL) drop their cached row of the merchant.
    await changeBusOf(handle.db).publish('merchant', command.merchant);
    return view;
  } finally {
    await handle.close();
  }
}

async function sendToServer(owner: DataDirOwner, config: ServerConfig, command: AdminCommand): Promise<AdminResult> {
  const secret = readAdminSecret(config.dataDir);
  if (!secret) throw new Error(`The server (pid ${owner.pid}) runs but ${config.dataDir}/admin.secret is missing or unreadable.`);
  const response = await fetch(`${owner.adminUrl}${adminCommandPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [adminSecretHeader]: secret },
    body: JSON.stringify(command),
    signal: AbortSignal.timeout(10_000),
  });
  const data = (await response.json()) as { success: boolean; value?: AdminResult; errorCode?: string; message?: string };
  if (!data.success || !data.value) {
    throw new AppError(response.status, data.errorCode ?? 'system.error', data.message ?? `HTTP ${response.status}`);
  }
  return data.value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one command against the database or the running server, whichever is safe. */
export async function executeCliCommand(command: AdminCommand, config: ServerConfig, waitMs = 10_000): Promise<CommandOutcome> {
  if (config.databaseUrl) return { view: await runDirect(config, command), via: 'direct' };
  const deadline = Date.now() + waitMs;
  for (;;) {
    const owner = readDataDirOwner(config.dataDir);
    if (owner?.role === 'server' && owner.adminUrl) {
      return { view: await sendToServer(owner, config, command), via: 'server' };
    }
    if (!owner) {
      try {
        const lock = acquireDataDirLock(config.dataDir, 'admin');
        try {
          return { view: await runDirect(config, command), via: 'direct' };
        } finally {
          lock.release();
        }
      } catch (error) {
        if (!(error instanceof DataDirBusyError)) throw error;
      }
    }
    // A server is starting or another CLI runs: wait a little.
    if (Date.now() > deadline) {
      throw new Error(
        owner ? `The data directory is busy (${owner.role} process ${owner.pid}); try again.` : 'The data directory is busy; try again.',
      );
    }
    await sleep(200);
  }
}

export function formatSettings(view: MerchantSettingsView): string {
  const switches = Object.entries(view.switches)
    .map(([key, on]) => `${key}=${on ? 'on' : 'off'}`)
    .join(' ');
  return [
    `Merchant ${view.code} (${view.name})`,
    `  maintenance:       ${view.maintenance ? 'ON' : 'off'}${view.maintenanceInfo ? ` — ${view.maintenanceInfo}` : ''}`,
    `  restricted ranges: ${view.restrictedIpRanges.length ? view.restrictedIpRanges.join(', ') : '(none)'}`,
    `  languages:         ${view.enabledLanguages.join(', ')} (default ${view.defaultLanguage})`,
    `  currency:          ${view.currency.code} ${view.currency.symbol} (${view.currency.minorUnits} minor units)`,
    `  switches:          ${switches}`,
    `  updated:           ${view.updatedAt}`,
  ].join('\n');
}

export interface CliIo {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Returns the exit code: 0 done, 1 failed (unknown merchant, busy, server error), 2 bad input. */
export async function runAdminCli(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseAdminArgs(argv);
  if ('help' in parsed) {
    io.out(usage);
    return 0;
  }
  if ('error' in parsed) {
    io.err(`${parsed.error}\n\n${usage}`);
    return 2;
  }
  if (parsed.command.kind === 'staff.add') {
    const password = io.env.STAFF_PASSWORD ?? '';
    if (password.length < minStaffPasswordLength || password.length > 128) {
      io.err(`staff add reads the password from STAFF_PASSWORD (${minStaffPasswordLength} to 128 characters)`);
      return 2;
    }
    parsed.command = { ...parsed.command, password };
  }
  let config: ServerConfig;
  try {
    config = readConfig(io.env);
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  try {
    const { view, via } = await executeCliCommand(parsed.command, config);
    const note = via === 'server' ? ' (applied through the running server)' : '';
    if ('outbox' in view) {
      io.out(formatOutbox(view, parsed.command.kind === 'outbox.list' ? parsed.command.to : ''));
      return 0;
    }
    if ('inbox' in view) {
      io.out(parsed.command.kind === 'inbox.send' ? `OK: ${parsed.command.kind}${note}\n${formatInbox(view)}` : formatInbox(view));
      return 0;
    }
    if ('announcements' in view) {
      io.out(parsed.command.kind === 'announcements.list' ? formatAnnouncements(view) : `OK: ${parsed.command.kind}${note}\n${formatAnnouncements(view)}`);
      return 0;
    }
    if ('members' in view) {
      io.out(`OK: ${parsed.command.kind}${note}\n${formatMembers(view)}`);
      return 0;
    }
    if ('promotionsAdmin' in view) {
      const changes = ['promotions.create', 'promotions.approve', 'promotions.reject', 'promotions.issue'].includes(parsed.command.kind);
      io.out(changes ? `OK: ${parsed.command.kind}${note}\n${formatPromotions(view)}` : formatPromotions(view));
      return 0;
    }
    if ('chatAdmin' in view) {
      const changes = !parsed.command.kind.endsWith('.list');
      io.out(changes ? `OK: ${parsed.command.kind}${note}\n${formatChatAdmin(view)}` : formatChatAdmin(view));
      return 0;
    }
    if ('recovery' in view) {
      io.out(formatBetRecovery(view));
      return 0;
    }
    if ('mallAdmin' in view) {
      io.out(parsed.command.kind === 'mall.items' ? formatMall(view) : `OK: ${parsed.command.kind}${note}\n${formatMall(view)}`);
      return 0;
    }
    if ('agentMenu' in view || 'agentTeam' in view) {
      const changes = parsed.command.kind === 'agent.menu.grant' || parsed.command.kind === 'agent.menu.revoke';
      io.out(changes ? `OK: ${parsed.command.kind}${note}\n${formatAgent(view)}` : formatAgent(view));
      return 0;
    }
    if ('rgMembers' in view) {
      io.out(formatRg(view));
      return 0;
    }
    if ('lotteryIssues' in view || 'lotteryDraws' in view) {
      io.out(formatLottery(view));
      return 0;
    }
    if ('contractPayouts' in view || 'rebatePayouts' in view || 'rebateRates' in view) {
      const changes = parsed.command.kind === 'rebates.set';
      io.out(changes ? `OK: ${parsed.command.kind}${note}\n${formatSettlement(view)}` : formatSettlement(view));
      return 0;
    }
    if ('feedbackAdmin' in view) {
      const changes = parsed.command.kind === 'feedback.reply' || parsed.command.kind === 'feedback.close' || (parsed.command.kind === 'feedback.limits' && parsed.command.minWords !== undefined);
      const text = formatFeedback(view, parsed.command.kind as Parameters<typeof formatFeedback>[1]);
      io.out(changes ? `OK: ${parsed.command.kind}${note}\n${text}` : text);
      return 0;
    }
    if ('kycAdmin' in view) {
      if (parsed.command.kind === 'kyc.list') {
        io.out(formatKyc(view));
        return 0;
      }
      const files = parsed.command.kind === 'kyc.export' ? writeKycExport(view, parsed.command.dir) : [];
      io.out([`OK: ${parsed.command.kind}${note}`, formatKyc(view), ...files.map((file) => `wrote ${file}`)].join('\n'));
      return 0;
    }
    if ('withdrawals' in view) {
      io.out(parsed.command.kind === 'withdrawals.list' ? formatWithdrawals(view) : `OK: ${parsed.command.kind}${note}\n${formatWithdrawals(view)}`);
      return 0;
    }
    switch (parsed.command.kind) {
      case 'restrict.list':
        io.out(view.restrictedIpRanges.length ? view.restrictedIpRanges.join('\n') : '(no restricted ranges)');
        break;
      case 'status':
        io.out(formatSettings(view));
        break;
      default:
        io.out(`OK: ${parsed.command.kind}${note}\n${formatSettings(view)}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      io.err(`${error.message} (${error.errorCode})`);
      return error.statusCode === 400 ? 2 : 1;
    }
    io.err(`Failed: ${(error as Error).message}`);
    return 1;
  }
}
