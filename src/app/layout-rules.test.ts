import { describe, expect, it } from 'vitest';
import en from '../../contract/messages/en.json';
import {
  activeBottomTab,
  backTarget,
  type BottomTab,
  type NavbarMode,
  navbarMode,
  showsBottomBar,
  showsHeader,
  titleId,
} from './layout-rules.ts';
import { allPaths } from '../../contract/route-paths.ts';

type Row = [
  path: string,
  header: boolean,
  bottomBar: boolean,
  navbar: NavbarMode,
  back: '/m/home' | 'history',
  title: string,
  tab: BottomTab | null,
];

const H = true;
const _ = false;

/** Every path of the route table: header, bottom bar, navbar mode, back target, title (EN), active tab. */
const table: Row[] = [
  // home and its aliases
  ['/', H, H, 'logo', 'history', 'Home', 'home'],
  ['/m', H, H, 'logo', 'history', 'Home', 'home'],
  ['/m/', H, H, 'logo', 'history', 'Home', 'home'],
  ['/m/index', H, H, 'logo', 'history', 'Home', 'home'],
  ['/m/index.html', H, H, 'logo', 'history', 'Home', 'home'],
  ['/m/home', H, H, 'logo', 'history', 'Home', 'home'],
  // open screens
  ['/m/login', _, _, 'back', '/m/home', 'Login', null],
  ['/m/register', _, _, 'back', '/m/home', 'Sign up', null],
  ['/m/register.html', _, _, 'back', '/m/home', 'Sign up', null],
  ['/m/forget', _, _, 'back', '/m/home', 'Forgot password', null],
  ['/m/changePsw', H, _, 'none', 'history', 'Set a new password', null],
  ['/m/trail', H, H, 'back', '/m/home', 'Free trial', null],
  ['/m/social', H, H, 'back', '/m/home', 'Login', null],
  ['/m/notice', _, _, 'back', 'history', 'Announcement', null],
  ['/m/message', _, H, 'back', '/m/home', 'Messages', null],
  ['/m/chat', _, _, 'back', 'history', 'Customer service', null],
  ['/m/set', H, H, 'back', 'history', 'Personal settings', null],
  ['/m/help', _, _, 'back', 'history', 'Help center', null],
  ['/m/activity', _, H, 'back', '/m/home', 'Promotion', 'promotions'],
  ['/m/activityDetail', _, H, 'back', 'history', 'Activity details', 'promotions'],
  ['/m/hot-games', H, H, 'back', 'history', 'Hot games', null],
  ['/m/gameCenter', H, H, 'back', 'history', 'Game center', null],
  ['/m/slotsCenter', H, _, 'back', 'history', 'RNG', null],
  ['/m/gameList', _, _, 'back', 'history', 'Game center', null],
  ['/m/lottery', _, _, 'back', 'history', 'Lottery', null],
  ['/m/live-games', H, H, 'back', 'history', 'Live casino', null],
  ['/m/slot-games', H, H, 'back', 'history', 'Slots', null],
  ['/m/sport-games', H, H, 'back', 'history', 'Sports', null],
  ['/m/esport-games', H, H, 'back', 'history', 'E-sports', null],
  ['/m/fishing-games', H, H, 'back', 'history', 'Fishing', null],
  ['/m/poker-games', H, H, 'back', 'history', 'Poker', null],
  ['/m/lott', H, H, 'back', 'history', 'Lottery', null],
  ['/m/elott', H, H, 'back', 'history', 'E-lottery', null],
  // the lottery's screens: no site header, no bottom bar (as /m/lottery)
  ['/m/lotto/$gameCode', _, _, 'back', 'history', 'Lottery game', null],
  ['/m/lotto/results/$gameCode', _, _, 'back', 'history', 'Lottery results', null],
  ['/m/lotto/rank', _, _, 'back', 'history', 'Lottery rank list', null],
  ['/m/live', H, H, 'back', 'history', 'Live rooms', null],
  // member screens
  ['/m/webEmail', H, H, 'back', 'history', 'Inbox', null],
  ['/m/voucherCenter', H, H, 'back', 'history', 'Deposit', 'deposit'],
  ['/m/withdraw', H, H, 'back', 'history', 'Withdraw', null],
  ['/m/transaction/record', H, H, 'back', 'history', 'Transaction record', null],
  ['/m/transaction/profit', H, H, 'back', 'history', 'Profit record', null],
  ['/m/member/home', H, H, 'back', 'history', 'Member center', 'member'],
  ['/m/member/benefits', H, H, 'back', 'history', 'VIP room', null],
  ['/m/mall/mallHome', H, H, 'back', 'history', 'Reward center', null],
  ['/m/inviteFriends', H, H, 'back', 'history', 'Invite friends', null],
  ['/m/myAccount/index', H, H, 'back', 'history', 'My account', null],
  ['/m/gameRecord', H, H, 'back', 'history', 'Bet record', null],
  ['/m/securityCenter', H, H, 'back', 'history', 'Security center', null],
  ['/m/member/kyc', H, H, 'back', 'history', 'KYC center', null],
  ['/m/responsibleGaming', H, H, 'back', 'history', 'Responsible gaming', null],
  ['/m/lotto/orders', _, _, 'back', 'history', 'My lottery orders', null],
  ['/m/leaderboard', H, H, 'back', 'history', 'Leaderboard', null],
  ['/m/feedback', H, H, 'back', 'history', 'Feedback', null],
  // agent screens: no site header, no bottom bar
  ['/m/agent', _, _, 'back', 'history', 'Agency center', null],
  ['/m/agent/team/overview', _, _, 'back', 'history', 'Team overview', null],
  ['/m/agent/team/pnl', _, _, 'back', 'history', 'Team profit and loss', null],
  ['/m/agent/team/transactions', _, _, 'back', 'history', 'Team transactions', null],
  ['/m/member/team', _, _, 'back', 'history', 'Team management', null],
  ['/m/teamBetting', _, _, 'back', 'history', 'Team betting', null],
  ['/m/member/agent/agentRebeat', _, _, 'back', 'history', 'Rebate settings', null],
  ['/m/member/teamRebate', _, _, 'back', 'history', 'Team rebate income', null],
  ['/m/redRain', _, _, 'back', 'history', 'Red envelope rain', null],
  ['/m/agentRegister', _, _, 'back', 'history', 'Open account', null],
  ['/m/member/agent/agentDivident', _, _, 'back', 'history', 'Dividend', null],
  ['/m/member/notice', _, _, 'back', 'history', 'Agent announcements', null],
  ['/m/member/agent/getSalaryContract', _, _, 'back', 'history', 'Daily salary contract', null],
  ['/m/member/agent/getDevidendContract', _, _, 'back', 'history', 'Dividend contract', null],
  ['/m/member/agent/getHourContract', _, _, 'back', 'history', 'Hourly salary contract', null],
  // the staff console: none of the players' bars
  ['/staff', _, _, 'none', 'history', 'Customer service', null],
];

describe('layout rules', () => {
  it('the table covers every path of the route table exactly once', () => {
    expect(table.map((row) => row[0]).sort()).toEqual([...allPaths].sort());
  });

  describe.each(table)('%s', (path, header, bottomBar, navbar, back, title, tab) => {
    it(`header ${header ? 'shown' : 'hidden'}`, () => expect(showsHeader(path)).toBe(header));
    it(`bottom bar ${bottomBar ? 'shown' : 'hidden'}`, () => expect(showsBottomBar(path)).toBe(bottomBar));
    it(`navbar ${navbar}`, () => expect(navbarMode(path)).toBe(navbar));
    it(`back goes to ${back}`, () => expect(backTarget(path)).toBe(back));
    it(`title "${title}"`, () => expect(en[titleId(path)]).toBe(title));
    it(`bottom tab ${tab}`, () => expect(activeBottomTab(path)).toBe(tab));
  });

  it('ignores a trailing slash, a query and a hash', () => {
    expect(showsHeader('/m/login/')).toBe(false);
    expect(navbarMode('/m/home?x=1')).toBe('logo');
    expect(titleId('/m/help#top')).toBe('title.help');
  });

  it('treats unknown paths as ordinary pages titled home (they redirect there)', () => {
    expect(titleId('/m/nowhere')).toBe('title.home');
    expect(navbarMode('/m/nowhere')).toBe('back');
  });

  it('titles a lottery game’s screens by their kind, whatever the game', () => {
    expect(titleId('/m/lotto/TCG_SEA_0001?prizeMode=SEA')).toBe('title.lotto');
    expect(titleId('/m/lotto/results/TCG_SEA_0001')).toBe('title.lottoResults');
    expect(showsHeader('/m/lotto/TCG_SEA_0001')).toBe(false);
    expect(showsBottomBar('/m/lotto/results/TCG_SEA_0001')).toBe(false);
    expect(titleId('/m/lottery')).toBe('title.lottery');
  });

  it('keeps agent sub-paths out of the header and bottom bar', () => {
    expect(showsHeader('/m/member/agent/somethingNew')).toBe(false);
    expect(showsBottomBar('/m/agent/team/new')).toBe(false);
    expect(showsHeader('/m/app/download')).toBe(false);
  });
});
