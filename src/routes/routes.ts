/**
 * The route table (spec section 2) as a TanStack Router VIRTUAL route config:
 * URL paths keep the spec's camelCase (`/m/changePsw`) while the files stay
 * kebab-case (house rule). Keep this list in step with `contract/route-paths.ts`
 * (checked by `src/app/route-tree.test.ts`).
 *
 * Guards are pathless layouts: `member-only` (needs a session, else /m/login)
 * and `agent-only` (needs role agent, else /m/home), both with `replace`.
 */
import { index, layout, rootRoute, route } from '@tanstack/virtual-file-routes';

export const routes = rootRoute('root.tsx', [
  // Home and its aliases (/, /m, /m/, /m/index, /m/index.html -> /m/home).
  index('home-alias/root-index.tsx'),
  route('/m', 'home-alias/m.tsx'),
  route('/m/index', 'home-alias/m-index.tsx'),
  route('/m/index.html', 'home-alias/m-index-html.tsx'),
  route('/m/home', 'm/home.tsx'),

  // Open screens.
  route('/m/login', 'm/login.tsx'),
  route('/m/register', 'm/register.tsx'),
  route('/m/register.html', 'm/register-html.tsx'),
  route('/m/forget', 'm/forget.tsx'),
  route('/m/changePsw', 'm/change-psw.tsx'),
  route('/m/trail', 'm/trail.tsx'),
  route('/m/social', 'm/social.tsx'),
  route('/m/notice', 'm/notice.tsx'),
  route('/m/message', 'm/message.tsx'),
  route('/m/chat', 'm/chat.tsx'),
  route('/m/set', 'm/set.tsx'),
  route('/m/help', 'm/help.tsx'),
  route('/m/activity', 'm/activity.tsx'),
  route('/m/activityDetail', 'm/activity-detail.tsx'),
  route('/m/hot-games', 'm/hot-games.tsx'),
  route('/m/gameCenter', 'm/game-center.tsx'),
  route('/m/slotsCenter', 'm/slots-center.tsx'),
  route('/m/gameList', 'm/game-list.tsx'),
  route('/m/lottery', 'm/lottery.tsx'),
  route('/m/live-games', 'm/live-games.tsx'),
  route('/m/slot-games', 'm/slot-games.tsx'),
  route('/m/sport-games', 'm/sport-games.tsx'),
  route('/m/esport-games', 'm/esport-games.tsx'),
  route('/m/fishing-games', 'm/fishing-games.tsx'),
  route('/m/poker-games', 'm/poker-games.tsx'),
  route('/m/lott', 'm/lott.tsx'),
  route('/m/elott', 'm/elott.tsx'),
  // The lottery's game screen, results and rank list (docs/lottery.md): guests may watch.
  route('/m/lotto/$gameCode', 'm/lotto/lotto-game.tsx'),
  route('/m/lotto/results/$gameCode', 'm/lotto/lotto-results.tsx'),
  route('/m/lotto/rank', 'm/lotto/lotto-rank.tsx'),
  route('/m/live', 'm/live.tsx'),

  // Need a session (member, trial or agent).
  layout('member-only', 'guards/member-only.tsx', [
    route('/m/webEmail', 'm/web-email.tsx'),
    route('/m/voucherCenter', 'm/voucher-center.tsx'),
    route('/m/withdraw', 'm/withdraw.tsx'),
    route('/m/transaction/record', 'm/transaction/record.tsx'),
    route('/m/transaction/profit', 'm/transaction/profit.tsx'),
    route('/m/member/home', 'm/member/home.tsx'),
    route('/m/member/benefits', 'm/member/benefits.tsx'),
    route('/m/mall/mallHome', 'm/mall/mall-home.tsx'),
    route('/m/inviteFriends', 'm/invite-friends.tsx'),
    route('/m/myAccount/index', 'm/my-account/my-account.tsx'),
    route('/m/gameRecord', 'm/game-record.tsx'),
    route('/m/securityCenter', 'm/security-center.tsx'),
    route('/m/member/kyc', 'm/member/kyc.tsx'),
    route('/m/responsibleGaming', 'm/responsible-gaming.tsx'),
    route('/m/lotto/orders', 'm/lotto/lotto-orders.tsx'),
    route('/m/leaderboard', 'm/leaderboard.tsx'),
    route('/m/feedback', 'm/feedback.tsx'),
    route('/m/member/agent/getSalaryContract', 'm/member/agent/get-salary-contract.tsx'),
    route('/m/member/agent/getDevidendContract', 'm/member/agent/get-devidend-contract.tsx'),
    route('/m/member/agent/getHourContract', 'm/member/agent/get-hour-contract.tsx'),
  ]),

  // Agent members only.
  layout('agent-only', 'guards/agent-only.tsx', [
    route('/m/agent', 'm/agent/agent-home.tsx'),
    route('/m/agent/team/overview', 'm/agent/team-overview.tsx'),
    route('/m/agent/team/pnl', 'm/agent/team-pnl.tsx'),
    route('/m/agent/team/transactions', 'm/agent/team-transactions.tsx'),
    route('/m/member/team', 'm/member/team.tsx'),
    route('/m/teamBetting', 'm/team-betting.tsx'),
    route('/m/member/agent/agentRebeat', 'm/member/agent/agent-rebeat.tsx'),
    route('/m/member/teamRebate', 'm/member/team-rebate.tsx'),
    route('/m/redRain', 'm/red-rain.tsx'),
    route('/m/agentRegister', 'm/agent-register.tsx'),
    route('/m/member/agent/agentDivident', 'm/member/agent/agent-divident.tsx'),
    route('/m/member/notice', 'm/member/notice.tsx'),
  ]),

  // The staff console (customer service), outside the players' site.
  route('/staff', 'staff.tsx'),

  // Anything else -> /m/home with replace.
  route('$', 'not-found.tsx'),
]);
