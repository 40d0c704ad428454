/**
 * The demo lobby catalogue: vendors, 600+ games across every category,
 * banners, announcements, winners, customer service and download links.
 * Deterministic: names, flags and order come from seeded word lists and a
 * seeded PRNG, so every fresh database gets the same catalogue (and the same
 * game ids, hence the same icons). `scale` multiplies the games per vendor
 * (the index measurement seeds 10 times the catalogue).
 */
import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import {
  announcements,
  banners,
  customerServiceLinks,
  downloadLinks,
  games,
  type NewGameRow,
  vendors,
  winners,
} from '../db/schema-catalogue.ts';
import { merchants } from '../db/schema.ts';
import { hashString } from '../lib/string-hash.ts';
import { stripScripts } from '../lib/strip-scripts.ts';

// ------------------------------------------------------------------ PRNG

/** mulberry32: small, fast, good enough for demo data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

// --------------------------------------------------------------- vendors

interface VendorSpec {
  code: string;
  name: string;
  /** Category -> games per vendor at scale 1. */
  games: Partial<Record<Category, number>>;
  /** Adds a vendor-lobby tile (isGameH5 VASSALAGE) to its first category. */
  lobby?: boolean;
}

type Category = 'RNG' | 'INHOUSE' | 'FISH' | 'LIVE' | 'PVP' | 'SPORTS' | 'ESPORTS' | 'COCKFIGHT' | 'LOTT' | 'ELOTT';

export const demoVendors: VendorSpec[] = [
  { code: 'PXG', name: 'Pixelgold', games: { RNG: 40 }, lobby: true },
  { code: 'LUX', name: 'Luxon Gaming', games: { RNG: 40 } },
  { code: 'RTP', name: 'Redtide Play', games: { RNG: 40 } },
  { code: 'JLX', name: 'Jiliax', games: { RNG: 40, FISH: 12 } },
  { code: 'FCX', name: 'Fortune Crest', games: { RNG: 40, FISH: 10 } },
  { code: 'MGX', name: 'Magmax Studios', games: { RNG: 40 } },
  { code: 'SPX', name: 'Sparkhill', games: { RNG: 40 } },
  { code: 'KGS', name: 'Kingsway Slots', games: { RNG: 40 } },
  { code: 'NEO', name: 'Neon Reel', games: { RNG: 40 }, lobby: true },
  { code: 'BGS', name: 'BG Studio', games: { INHOUSE: 30 } },
  { code: 'OCN', name: 'Oceanic Arcade', games: { FISH: 10 } },
  { code: 'KRK', name: 'Kraken Works', games: { FISH: 8 } },
  { code: 'EVL', name: 'Evolux Live', games: { LIVE: 14 } },
  { code: 'AGL', name: 'Asia Grand Live', games: { LIVE: 14 } },
  { code: 'DGL', name: 'Dream Gate Live', games: { LIVE: 14 } },
  { code: 'VNL', name: 'Venus Live', games: { LIVE: 14 } },
  { code: 'SAL', name: 'Sapphire Live', games: { LIVE: 14 } },
  { code: 'KMC', name: 'Kingmark Cards', games: { PVP: 16 } },
  { code: 'TPG', name: 'TeenPlay', games: { PVP: 16 } },
  { code: 'V8C', name: 'Vega8 Cards', games: { PVP: 16 } },
  { code: 'SBX', name: 'Sportbix', games: { SPORTS: 2 } },
  { code: 'UGS', name: 'Unity Sports', games: { SPORTS: 2 } },
  { code: 'SBT', name: 'Sabetta Sports', games: { SPORTS: 2 } },
  { code: 'IMES', name: 'IM eSports', games: { ESPORTS: 2 } },
  { code: 'TF', name: 'TF Gaming', games: { ESPORTS: 2 } },
  { code: 'IA', name: 'IA eSports', games: { ESPORTS: 2 } },
  { code: 'SV3', name: 'SV388', games: { COCKFIGHT: 2 } },
  { code: 'DS88', name: 'DS88 Sabong', games: { COCKFIGHT: 2 } },
  { code: 'TCG_SEA', name: 'TCG SEA Lotto', games: { LOTT: 12 } },
  { code: 'SGW', name: 'SG Win Lotto', games: { LOTT: 12 } },
  { code: 'TCG_LOTTO_VN', name: 'TCG Lotto VN', games: { ELOTT: 12 } },
  { code: 'VRL', name: 'Vira Lotto', games: { ELOTT: 12 } },
];

/** The platform gameType stored for each category (spec section 4). */
const storedType: Record<Category, string> = {
  RNG: 'RNG',
  INHOUSE: 'RNG',
  FISH: 'FISH',
  LIVE: 'LIVE',
  PVP: 'PVP',
  SPORTS: 'SPORTS',
  ESPORTS: 'SPORTS',
  COCKFIGHT: 'SPORTS',
  LOTT: 'LOTT',
  ELOTT: 'ELOTT',
};

// ------------------------------------------------------------------ names

const slotAdjectives = [
  'Golden', 'Lucky', 'Wild', 'Mega', 'Mystic', 'Royal', 'Fiery', 'Frozen', 'Ancient', 'Jade', 'Crimson',
  'Emerald', 'Sapphire', 'Thunder', 'Dancing', 'Hidden', 'Sacred', 'Savage', 'Cosmic', 'Sweet', 'Neon',
  'Silver', 'Diamond', 'Blazing', 'Raging', 'Mighty', 'Happy', 'Jolly', 'Sunny', 'Midnight', 'Shining',
  'Twin', 'Triple', 'Super', 'Grand', 'Magic', 'Rich', 'Fortune', 'Dragon', 'Tiger',
];
const slotNouns = [
  'Dragon', 'Phoenix', 'Tiger', 'Panda', 'Pharaoh', 'Treasure', 'Fortune', 'Empress', 'Samurai', 'Viking',
  'Buffalo', 'Koi', 'Lotus', 'Gems', 'Pearls', 'Fruits', 'Candy', 'Sevens', 'Bells', 'Coins', 'Gold',
  'Wolf', 'Eagle', 'Lion', 'Monkey', 'Rooster', 'Genie', 'Mermaid', 'Pirates', 'Cowboys', 'Aztec',
  'Temple', 'Jungle', 'Volcano', 'Galaxy', 'Rockets', 'Wizard', 'Unicorn', 'Horses', 'Festival',
];
const slotSuffixes = ['Deluxe', 'Megaways', 'Hold & Win', 'Riches', 'Rising', 'Blitz', 'Bonanza', 'Fever', 'Link', 'Party', 'Quest', 'Rush', 'Reels', 'Strike', 'Wilds', 'Jackpot'];
const slotPlaces = ['Olympus', 'Egypt', 'Atlantis', 'Macau', 'Shangri-La', 'the Nile', 'the Orient', 'Babylon', 'Avalon', 'Sparta', 'Bali', 'Manila'];
const fishNames = [
  'Ocean King', 'Fishing War', 'Dragon Fishing', 'Golden Shark Hunter', 'Mega Fishing', 'Deep Sea Legend',
  'Jackpot Fishing', 'Octopus Rampage', 'Happy Fishing', 'Bombing Fishing', 'Royal Fishing', 'Crab Attack',
  'Fishing Frenzy', 'Whale Hunter', 'Mermaid Treasure', 'Poseidon Fishing', 'Kraken Strike', 'Coral Reef Hunt',
  'Fishing Disco', 'Monster Awaken', 'Lucky Fishing', 'Thunder Fishing', 'Pirate Fishing', 'Neon Fishing',
];
const liveTables = [
  ['Baccarat', 'BACCARAT'], ['Speed Baccarat', 'BACCARAT'], ['No Commission Baccarat', 'BACCARAT'], ['Squeeze Baccarat', 'BACCARAT'],
  ['Roulette', 'ROULETTE'], ['Auto Roulette', 'ROULETTE'], ['Sic Bo', 'SICBO'], ['Dragon Tiger', 'DRAGON_TIGER'],
  ['Blackjack', 'BLACKJACK'], ['Fan Tan', 'SICBO'], ['Color Game', 'GAME_SHOW'], ['Money Wheel', 'GAME_SHOW'],
  ['Andar Bahar', 'DRAGON_TIGER'], ['Teen Patti Live', 'GAME_SHOW'],
] as const;
const pvpNames = [
  ["Texas Hold'em", 'CARD'], ['Teen Patti', 'CARD'], ['Tongits', 'CARD'], ['Pusoy', 'CARD'], ['Pusoy Dos', 'CARD'],
  ['Mahjong Ways', 'MAHJONG'], ['Mahjong Battle', 'MAHJONG'], ['Rummy', 'CARD'], ['Niu Niu', 'TABLE'],
  ['Sam Gong', 'TABLE'], ['Pai Gow', 'TABLE'], ['Big Two', 'CARD'], ['Thirteen Cards', 'CARD'],
  ['Fight the Landlord', 'CARD'], ['Golden Flower', 'TABLE'], ['Blackjack Duel', 'TABLE'], ['Lucky Dice Duel', 'TABLE'],
  ['Sabong Cards', 'CARD'], ['Omaha Poker', 'CARD'], ['Short Deck Poker', 'CARD'],
] as const;
const lottNames = [
  ['Lotto 6/42', 'LOTTO'], ['Mega Lotto 6/45', 'LOTTO'], ['Super Lotto 6/49', 'LOTTO'], ['Grand Lotto 6/55', 'LOTTO'],
  ['Ultra Lotto 6/58', 'LOTTO'], ['3D Lotto', 'DIGIT'], ['4D Lotto', 'DIGIT'], ['6D Lotto', 'DIGIT'], ['Pick 3', 'DIGIT'],
  ['Pick 4', 'DIGIT'], ['Keno 80', 'KENO'], ['Vietnam Lotto North', 'LOTTO'], ['Vietnam Lotto South', 'LOTTO'],
  ['Thai Lotto', 'LOTTO'], ['Malaysia 4D', 'DIGIT'], ['Singapore 4D', 'DIGIT'],
] as const;
const elottNames = [
  ['1-Minute Lotto', 'FAST'], ['3-Minute Lotto', 'FAST'], ['5-Minute Lotto', 'FAST'], ['Speed Keno', 'KENO'],
  ['Fast 3', 'FAST'], ['Lucky 10', 'FAST'], ['PK10 Racing', 'RACING'], ['Speed Racing', 'RACING'], ['Happy 8', 'KENO'],
  ['Dice 3 Express', 'FAST'], ['Wingo 1 Min', 'FAST'], ['Wingo 3 Min', 'FAST'], ['Wingo 5 Min', 'FAST'],
  ['Speed 11x5', 'FAST'], ['Power Ball 5-Min', 'FAST'], ['Tiger Lotto', 'FAST'],
] as const;
const inhouseNames = [
  ['Crash', 'CRASH'], ['Mines', 'ORIGINALS'], ['Plinko', 'ORIGINALS'], ['Dice', 'ORIGINALS'], ['Limbo', 'CRASH'],
  ['Keno', 'ORIGINALS'], ['HiLo', 'TABLE'], ['Wheel', 'ORIGINALS'], ['Tower', 'ORIGINALS'], ['Coin Flip', 'ORIGINALS'],
  ['Sky Pilot', 'CRASH'], ['Double', 'ORIGINALS'], ['Video Poker', 'TABLE'], ['Mini Baccarat', 'TABLE'],
  ['Mini Roulette', 'TABLE'], ['Blackjack 21', 'TABLE'], ['Hash Dice', 'ORIGINALS'], ['Diamonds', 'ORIGINALS'],
  ['Stairs', 'ORIGINALS'], ['Cave Raid', 'ORIGINALS'], ['Penalty Goal', 'ORIGINALS'], ['Cryptos', 'ORIGINALS'],
  ['Ring of Fortune', 'ORIGINALS'], ['Tower Legend', 'ORIGINALS'], ['Twist', 'ORIGINALS'], ['Chicken Road', 'CRASH'],
  ['Hilo Cards', 'TABLE'], ['Slide', 'CRASH'], ['Ladder', 'ORIGINALS'], ['Rocket Rush', 'CRASH'],
] as const;
const sportsNames = [['Sportsbook', 'SPORTSBOOK'], ['Virtual Sports', 'VIRTUAL'], ['Live Betting', 'SPORTSBOOK']] as const;
const esportsNames = [['Esports Arena', 'ESPORTS'], ['Esports Live', 'ESPORTS'], ['Esports Virtual', 'ESPORTS']] as const;
const cockfightNames = [['Sabong Live', 'COCKFIGHT'], ['Derby Arena', 'COCKFIGHT'], ['Sabong International', 'COCKFIGHT']] as const;

const slotClassifies = ['CLASSIC', 'CLASSIC', 'JACKPOT', 'MEGAWAYS', 'BUY_FEATURE', 'HOLD_AND_WIN', 'CLUSTER'];

const roman = (n: number) => ['', '', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'][n] ?? ` ${n}`;

/** Fixed-list names: the list in a vendor-specific rotation, then numbered editions. */
function listName<T extends readonly (readonly [string, string])[]>(list: T, vendor: string, index: number): [string, string] {
  const rotation = hashString(vendor) % list.length;
  const [name, classify] = list[(index + rotation) % list.length]!;
  return [`${name}${roman(Math.floor(index / list.length) + 1)}`, classify];
}

function slotName(rand: () => number, taken: Set<string>): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const shape = rand();
    const name =
      shape < 0.4
        ? `${pick(rand, slotAdjectives)} ${pick(rand, slotNouns)}`
        : shape < 0.65
          ? `${pick(rand, slotNouns)} ${pick(rand, slotSuffixes)}`
          : shape < 0.85
            ? `${pick(rand, slotAdjectives)} ${pick(rand, slotNouns)} ${pick(rand, slotSuffixes)}`
            : `${pick(rand, slotNouns)} of ${pick(rand, slotPlaces)}`;
    const [first, second] = name.split(' ');
    if (first === second || taken.has(name)) continue;
    return name;
  }
  let n = 2;
  const base = `${pick(rand, slotAdjectives)} ${pick(rand, slotNouns)}`;
  while (taken.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

// ------------------------------------------------------------------ games

const minBets = [1, 5, 10, 50, 75, 100] as const;

/** The deterministic game rows of the catalogue (without ids), in insertion order. */
export function demoGames(merchantCode: string, scale = 1): NewGameRow[] {
  const rows: NewGameRow[] = [];
  let node = 0;
  demoVendors.forEach((vendor, vendorIndex) => {
    const rand = prng(hashString(`${vendor.code}:games`));
    const taken = new Set<string>();
    let lobbyAdded = false;
    for (const [category, perVendor] of Object.entries(vendor.games) as [Category, number][]) {
      const total = perVendor * scale;
      if (vendor.lobby && !lobbyAdded) {
        lobbyAdded = true;
        const name = `${vendor.name} Lobby`;
        taken.add(name);
        rows.push({
          merchantCode,
          nodeId: null,
          nodeName: null,
          gameName: name,
          displayName: name,
          gameType: storedType[category],
          vassalage: vendor.code,
          gameClassify: 'CLASSIC',
          minBet: 1,
          isNew: false,
          supportPlay: 1,
          roomId: null,
          gameCode: `${vendor.code}_LOBBY`,
          isGameH5: 'VASSALAGE',
          lottoMode: null,
          hotOrder: null,
          sortOrder: vendorIndex,
        });
      }
      for (let i = 0; i < total; i++) {
        let name: string;
        let classify: string;
        switch (category) {
          case 'RNG':
            name = slotName(rand, taken);
            classify = name.includes('Megaways') ? 'MEGAWAYS' : name.includes('Jackpot') ? 'JACKPOT' : pick(rand, slotClassifies);
            break;
          case 'FISH':
            [name, classify] = listName(
              fishNames.map((n) => [n, 'FISHING'] as const),
              vendor.code,
              i,
            );
            break;
          case 'LIVE':
            [name, classify] = listName(liveTables, vendor.code, i);
            break;
          case 'PVP':
            [name, classify] = listName(pvpNames, vendor.code, i);
            break;
          case 'LOTT':
            [name, classify] = listName(lottNames, vendor.code, i);
            break;
          case 'ELOTT':
            [name, classify] = listName(elottNames, vendor.code, i);
            break;
          case 'INHOUSE':
            [name, classify] = listName(inhouseNames, vendor.code, i);
            break;
          case 'SPORTS':
            [name, classify] = listName(sportsNames, vendor.code, i);
            name = `${vendor.name} ${name}`;
            break;
          case 'ESPORTS':
            [name, classify] = listName(esportsNames, vendor.code, i);
            name = `${vendor.code} ${name}`;
            break;
          case 'COCKFIGHT':
            [name, classify] = listName(cockfightNames, vendor.code, i);
            name = `${vendor.code} ${name}`;
            break;
        }
        if (taken.has(name)) name = `${name} ${vendor.code}${i}`;
        taken.add(name);
        const freeTrial = ['RNG', 'FISH', 'INHOUSE'].includes(category) || (category === 'PVP' && rand() < 0.5);
        const minBet =
          category === 'LIVE' || category === 'SPORTS' || category === 'ESPORTS' || category === 'COCKFIGHT'
            ? pick(rand, [50, 75, 100] as const)
            : pick(rand, minBets);
        const isNew = ['RNG', 'FISH', 'INHOUSE', 'PVP', 'LIVE'].includes(category) && rand() < 0.12;
        node++;
        rows.push({
          merchantCode,
          nodeId: String(100_000 + node),
          nodeName: category === 'LIVE' ? `${vendor.name} ${name}` : null,
          gameName: name,
          displayName: name,
          gameType: storedType[category],
          vassalage: vendor.code,
          gameClassify: classify,
          minBet,
          isNew,
          supportPlay: freeTrial ? 0 : 1,
          roomId: category === 'LIVE' ? `${vendor.code}-T${String(i + 1).padStart(2, '0')}` : null,
          gameCode: `${vendor.code}_${String(i + 1).padStart(4, '0')}`,
          isGameH5: null,
          lottoMode: category === 'LOTT' ? 'TRADITIONAL' : category === 'ELOTT' ? 'ENTERTAINMENT' : null,
          hotOrder: null,
          // Interleave vendors: the i-th game of every vendor, then the next.
          sortOrder: (i + 1) * 100 + vendorIndex,
        });
      }
    }
  });
  // Hot games: a fixed share per category, ordered by a seeded shuffle.
  const hotShare: Partial<Record<string, number>> = { RNG: 0.06, FISH: 0.15, LIVE: 0.1, PVP: 0.08, SPORTS: 0.34, LOTT: 0.05, ELOTT: 0.1 };
  const rand = prng(hashString('hot'));
  const hot = rows.filter((row) => row.nodeId !== null && rand() < (hotShare[row.gameType] ?? 0));
  for (let i = hot.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [hot[i], hot[j]] = [hot[j]!, hot[i]!];
  }
  hot.forEach((row, i) => {
    row.hotOrder = i + 1;
  });
  return rows;
}

// ----------------------------------------------------------------- content

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

function demoAnnouncements(merchantCode: string, today: Date) {
  const rows = [
    { type: 'H', title: 'Welcome to Lucky Bay', days: -30, content: '<p>Welcome to <strong>Lucky Bay</strong>! Over 600 games are waiting for you.</p>' },
    { type: 'H', title: 'New slots every week', days: -3, content: '<p>Fresh slots from <em>Pixelgold</em> and <em>Neon Reel</em> arrive every Monday.</p>' },
    { type: 'PL', title: 'Scheduled maintenance', days: -2, end: 5, content: '<p style="color:#f5c542">Sportsbook maintenance on Sunday 02:00-04:00.</p>' },
    { type: 'PL', title: 'Responsible gaming', days: -60, content: '<p>Play responsibly. You must be 18 or older to play.</p>' },
    { type: 'PL', title: 'Security reminder', days: -10, content: '<p>We never ask for your password.</p><script>alert("x")</script>' },
    { type: 'B', title: 'Deposit bonus 258', days: -7, content: '<p>Get a <strong>258 pesos</strong> bonus on your first deposit.</p>' },
    { type: 'B', title: 'Welcome to registration', days: -7, group: 'm_reg', content: '<p>Register in one minute and claim your welcome bonus.</p>' },
    { type: 'PU', title: 'Daily check-in', days: -1, content: '<p>Log in every day to collect free spins.</p>' },
    { type: 'PR', title: 'Weekend reload 20%', days: -5, end: 30, content: '<p>Reload on weekends and get <strong>20%</strong> extra.</p>' },
    { type: 'PR', title: 'Refer a friend', days: -40, content: '<p>Invite friends and earn rewards for every deposit they make.</p>' },
    { type: 'A', title: 'Agent commission update', days: -4, group: 'm_home', content: '<p>New rebate tiers apply from next month.</p>' },
    { type: 'A', title: 'Agent training', days: -20, group: 'm_home', content: '<p>Join the online agent training on Friday.</p>' },
    // Not shown: starts in the future, expired, web only.
    { type: 'H', title: 'Coming soon: lottery festival', days: 7, content: '<p>Starts next week.</p>' },
    { type: 'PL', title: 'Expired notice', days: -30, end: -1, content: '<p>This notice has expired.</p>' },
    { type: 'PL', title: 'Desktop only notice', days: -3, platform: 'W', content: '<p>Shown on the desktop site only.</p>' },
    // The same news in Simplified Chinese (readers whose language is CN see these).
    { lang: 'CN', type: 'H', title: '欢迎来到幸运湾', days: -30, content: '<p>欢迎来到<strong>幸运湾</strong>！超过 600 款游戏等你来玩。</p>' },
    { lang: 'CN', type: 'H', title: '每周上新老虎机', days: -3, content: '<p>每周一都有 <em>Pixelgold</em> 和 <em>Neon Reel</em> 的新老虎机上线。</p>' },
    { lang: 'CN', type: 'PL', title: '系统维护通知', days: -2, end: 5, content: '<p style="color:#f5c542">体育投注将于周日 02:00-04:00 进行维护。</p>' },
    { lang: 'CN', type: 'PL', title: '理性游戏', days: -60, content: '<p>请理性游戏。您必须年满 18 周岁才能参与游戏。</p>' },
    { lang: 'CN', type: 'PL', title: '安全提醒', days: -10, content: '<p>我们绝不会向您索要密码。</p><script>alert("x")</script>' },
    { lang: 'CN', type: 'B', title: '首存奖励 258', days: -7, content: '<p>首次存款即可获得 <strong>258 比索</strong>奖金。</p>' },
    { lang: 'CN', type: 'B', title: '欢迎注册', days: -7, group: 'm_reg', content: '<p>一分钟完成注册，领取您的欢迎奖金。</p>' },
    { lang: 'CN', type: 'PU', title: '每日签到', days: -1, content: '<p>每天登录即可领取免费旋转。</p>' },
    { lang: 'CN', type: 'PR', title: '周末充值加赠 20%', days: -5, end: 30, content: '<p>周末充值可额外获得 <strong>20%</strong> 奖励。</p>' },
    { lang: 'CN', type: 'A', title: '代理佣金调整', days: -4, group: 'm_home', content: '<p>新的返佣等级将于下月起生效。</p>' },
    { lang: 'CN', type: 'A', title: '代理培训', days: -20, group: 'm_home', content: '<p>欢迎参加周五的线上代理培训。</p>' },
  ];
  return rows.map((row, i) => ({
    merchantCode,
    language: row.lang ?? 'EN',
    type: row.type,
    groupName: row.group ?? null,
    platform: row.platform ?? 'ALL',
    title: row.title,
    content: stripScripts(row.content),
    startDate: isoDate(addDays(today, row.days)),
    endDate: row.end === undefined ? null : isoDate(addDays(today, row.end)),
    sequence: i,
  }));
}

function demoBanners(merchantCode: string) {
  const rows: [string, string, string | null][] = [
    ['m_home', 'Welcome bonus 258', '/m/voucherCenter'],
    ['m_home', 'Hot slots of the week', '/m/hot-games'],
    ['m_home', 'Live casino nights', '/m/live-games'],
    ['m_home', 'Invite friends, earn more', '/m/inviteFriends'],
    ['m_login', 'Log in and play', null],
    ['m_reg', 'Join Lucky Bay today', null],
    ['m_leftmenu', 'Download the app', null],
    ['m_leftmenu', 'VIP room', '/m/member/benefits'],
    ['m_newgame', 'New from Pixelgold', '/m/gameList?gameType=RNG&vassalage=PXG'],
    ['m_newgame', 'New from Neon Reel', '/m/gameList?gameType=RNG&vassalage=NEO'],
    ['m_hotgames', 'Top fishing games', '/m/fishing-games'],
    ['m_hotgames', 'Crash and mines', '/m/gameList?gameType=RNG&vassalage=BGS'],
  ];
  const sequence = new Map<string, number>();
  return rows.map(([groupName, title, linkUrl]) => {
    const n = (sequence.get(groupName) ?? 0) + 1;
    sequence.set(groupName, n);
    return { merchantCode, groupName, title, linkUrl, sequence: n };
  });
}

const winnerNames = [
  'maria88', 'jose_ph', 'luckyjuan', 'annabelle', 'kingmarco', 'pinoy777', 'rosalind', 'dragonfan', 'bayani21',
  'cherrylyn', 'mikee09', 'joyride', 'bossrj', 'ellaine', 'tonton', 'sheenaq', 'kuyaben', 'ate_lisa', 'rickyboy',
  'jasmine2', 'noelito', 'precious', 'carlo_m', 'bella99', 'johnpaul', 'kristine', 'migs', 'angelou', 'ronaldo7', 'venus',
];

// ------------------------------------------------------------------ seeding

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface SeedCatalogueOptions {
  /** Games per vendor multiplier (1 = the demo catalogue). */
  scale?: number;
  /** "Today" for announcement dates and win times. */
  today?: Date;
  /** Also seed banners, announcements, links and winners (default true). */
  content?: boolean;
}

/** Seeds the catalogue of a merchant when it has no games yet. Returns whether it seeded. */
export async function seedCatalogueIfEmpty(db: Database, merchantCode: string, options: SeedCatalogueOptions = {}): Promise<boolean> {
  const [merchant] = await db.select({ n: count() }).from(merchants).where(eq(merchants.code, merchantCode));
  if (!merchant?.n) return false;
  const [existing] = await db.select({ n: count() }).from(games).where(eq(games.merchantCode, merchantCode));
  if ((existing?.n ?? 0) > 0) return false;
  const today = options.today ?? new Date();

  await db
    .insert(vendors)
    .values(demoVendors.map((v, i) => ({ code: v.code, name: v.name, accountTypeName: v.name, sortOrder: i })))
    .onConflictDoNothing();
  const rows = demoGames(merchantCode, options.scale ?? 1);
  const ids: { id: number; gameType: string }[] = [];
  await insertInBatches(rows, 500, async (batch) => {
    ids.push(...(await db.insert(games).values(batch).returning({ id: games.id, gameType: games.gameType })));
  });
  if (options.content === false) return true;

  await db.insert(banners).values(demoBanners(merchantCode));
  await db.insert(announcements).values(demoAnnouncements(merchantCode, today));
  await db.insert(customerServiceLinks).values([
    { merchantCode, csType: 'LIVECHAT', title: 'Live chat', path: '/m/chat', sequence: 1 },
    { merchantCode, csType: 'FACEBOOK', title: 'Facebook', path: 'https://www.facebook.com/luckybay.example', sequence: 2 },
    { merchantCode, csType: 'YOUTUBE', title: 'YouTube', path: 'https://www.youtube.com/@luckybay.example', sequence: 3 },
    { merchantCode, csType: 'TELEGRAM', title: 'Telegram', path: 'https://t.me/luckybay_example', sequence: 4 },
  ]);
  await db.insert(downloadLinks).values([
    { merchantCode, resourceType: 'Android', url: 'https://download.luckybay.example/android/luckybay.apk', labelNameEn: 'Android app', sequence: 1 },
    { merchantCode, resourceType: 'IOS', url: 'https://download.luckybay.example/ios/luckybay.ipa', labelNameEn: 'iOS app', sequence: 2 },
    { merchantCode, resourceType: 'MOBILECONFIG', url: 'https://download.luckybay.example/ios/luckybay.mobileconfig', labelNameEn: 'iOS profile', sequence: 3 },
    { merchantCode, resourceType: 'TELEGRAM', url: 'https://t.me/luckybay_example', labelNameEn: 'Telegram', sequence: 4 },
    { merchantCode, resourceType: 'FACEBOOK', url: 'https://www.facebook.com/luckybay.example', labelNameEn: 'Facebook', sequence: 5 },
  ]);

  // Winners: wins on slots, fishing, live, poker and in-house games, the last three days.
  const rand = prng(hashString(`${merchantCode}:winners`));
  const candidates = ids.filter((g) => ['RNG', 'FISH', 'LIVE', 'PVP'].includes(g.gameType));
  await db.insert(winners).values(
    winnerNames.map((customerName, i) => ({
      merchantCode,
      gameId: pick(rand, candidates).id,
      customerName,
      // 500.00 to 500,000.00 in minor units, skewed to smaller wins.
      winAmount: Math.round(50_000 + rand() ** 3 * 49_950_000),
      wonAt: new Date(today.getTime() - (i * 97 + Math.floor(rand() * 90)) * 60_000),
    })),
  );
  return true;
}
