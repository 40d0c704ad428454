/**
 * A fake lobby server for the lobby screens' tests: a small catalogue
 * answered through a stubbed `fetch` (so the real API client, schemas and
 * headers are used), every request recorded with its query and Language
 * header. Names follow the Language header (CN adds ` 中`), so a test can see
 * what reloaded after a language change.
 */
import { vi } from 'vitest';
import { announcementsEndpoint, bannersEndpoint, footerEndpoint } from '../../contract/content.ts';
import { type Game, gameListEndpoint, hotGamesEndpoint, type VendorGameTypes, vendorGameTypesEndpoint, type Winner, winnerBoardEndpoint } from '../../contract/games.ts';
import { addFavouriteEndpoint, favouriteGamesEndpoint, favouriteIdsEndpoint, launchGameEndpoint, recentGamesEndpoint, removeFavouriteEndpoint } from '../../contract/member-games.ts';
import { consolidatedSettingsEndpoint, switchKeys } from '../../contract/system.ts';
import { walletEndpoint } from '../../contract/wallet.ts';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  language: string | null;
  body: unknown;
  at: number;
}

interface Vendor {
  code: string;
  name: string;
  /** Menu category of the vendor (RNG + BGS is INHOUSE, SPORTS + IMES is ESPORTS). */
  category: string;
  /** Platform game type. */
  type: string;
  games: number;
}

/** The default catalogue: every kind of block of the home (tiles, vendor lists, picks, lotteries). */
export const fakeVendors: Vendor[] = [
  { code: 'PXG', name: 'Pixelgold', category: 'RNG', type: 'RNG', games: 5 },
  { code: 'LUX', name: 'Luxon', category: 'RNG', type: 'RNG', games: 4 },
  { code: 'BGS', name: 'BG Studio', category: 'INHOUSE', type: 'RNG', games: 3 },
  { code: 'OCN', name: 'Oceanic', category: 'FISH', type: 'FISH', games: 2 },
  { code: 'EVL', name: 'Evolux', category: 'LIVE', type: 'LIVE', games: 2 },
  { code: 'SBX', name: 'Sportbix', category: 'SPORTS', type: 'SPORTS', games: 1 },
  { code: 'IMES', name: 'IM Esports', category: 'ESPORTS', type: 'SPORTS', games: 1 },
  { code: 'TCG_SEA', name: 'TCG SEA Lotto', category: 'LOTT', type: 'LOTT', games: 1 },
  { code: 'TCG_LOTTO_VN', name: 'TCG Lotto VN', category: 'ELOTT', type: 'ELOTT', games: 1 },
];

const order = ['RNG', 'INHOUSE', 'FISH', 'LIVE', 'PVP', 'COCKFIGHT', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT'];
/** The server's display order puts ESPORTS before SPORTS on purpose: the side menu must sort by the spec. */
const displayOrder = ['ESPORTS', 'RNG', 'FISH', 'INHOUSE', 'LIVE', 'PVP', 'COCKFIGHT', 'SPORTS', 'LOTT', 'ELOTT'];

const cn = (language: string | null, text: string) => (language === 'CN' ? `${text} 中` : text);

export function fakeGames(vendors: Vendor[], language: string | null): Game[] {
  let id = 0;
  return vendors.flatMap((v) =>
    Array.from({ length: v.games }, (_, i): Game => {
      id += 1;
      const name = cn(language, `${v.name} ${i + 1}`);
      return {
        gameId: id,
        nodeId: `N${id}`,
        nodeName: null,
        gameName: name,
        displayName: name,
        gameType: v.type,
        gameCategory: v.category,
        vassalage: v.code,
        vendorName: cn(language, v.name),
        gameClassify: i % 2 ? 'JACKPOT' : 'CLASSIC',
        minBet: i % 2 ? 10 : 5,
        isNew: i === 0 ? 1 : 0,
        supportPlay: 0,
        roomId: null,
        gameCode: `${v.code}-${i + 1}`,
        isGameH5: null,
        lottoMode: v.category === 'ELOTT' ? 'ENTERTAINMENT' : v.category === 'LOTT' ? 'TRADITIONAL' : null,
        hotOrder: i < 2 ? id : null,
        iconUrl: `/static/game-icons/${id}.svg`,
        mobileLargeIcon: `/static/game-icons/${id}.svg`,
      };
    }),
  );
}

/** Games of a gameType filter as the server reads it (INHOUSE: RNG + BGS; RNG includes BGS; SPORTS includes ESPORTS). */
function ofType(games: Game[], gameType: string | null): Game[] {
  if (!gameType || gameType === 'ALL') return games;
  if (gameType === 'INHOUSE') return games.filter((g) => g.gameCategory === 'INHOUSE');
  if (gameType === 'ESPORTS' || gameType === 'COCKFIGHT') return games.filter((g) => g.gameCategory === gameType);
  return games.filter((g) => g.gameType === gameType);
}

export function fakeTypes(vendors: Vendor[], language: string | null): VendorGameTypes {
  const categories = order.filter((c) => vendors.some((v) => v.category === c));
  const entry = (v: Vendor) => ({
    vassalage: v.code,
    accountTypeName: cn(language, v.name),
    gameCategory: v.category,
    gameCount: v.games,
    logoUrl: `/static/vendor-logos/${v.code}-WHITE.svg`,
  });
  const mapping: VendorGameTypes['mapping'] = Object.fromEntries(
    categories.map((c) => {
      const own = vendors.filter((v) => v.category === c || (c === 'SPORTS' && v.category === 'ESPORTS'));
      return [c, { gameCategory: c, displayName: cn(language, c), vendors: own.map(entry), gameClassify: ['ALL', 'NEW', 'CLASSIC', 'JACKPOT'] }];
    }),
  );
  return {
    mapping,
    sorting: categories.map((c) => ({ gameCategory: c, displayName: c, vendorNames: [] })),
    display: displayOrder.filter((c) => categories.includes(c)).map((c) => ({ gameCategory: c, displayName: c, gameCount: 1 })),
  };
}

type Answer = (request: FakeRequest) => unknown;

export interface LobbyServerOptions {
  vendors?: Vendor[];
  /** Answers by `METHOD /path`, over the defaults; throw a `{ status, errorCode }` to fail. */
  answers?: Record<string, Answer>;
}

/** Installs the fake server as `fetch`; undo with `vi.unstubAllGlobals()`. */
export function lobbyServer({ vendors = fakeVendors, answers = {} }: LobbyServerOptions = {}) {
  const requests: FakeRequest[] = [];
  const page = (games: Game[], request: FakeRequest, defaultSize = 25) => {
    const size = Number(request.query.get('pageSize') ?? defaultSize);
    const pageNo = Number(request.query.get('pageNo') ?? 1);
    return {
      games: games.slice((pageNo - 1) * size, pageNo * size),
      pageNum: pageNo,
      pageSize: size,
      totalPages: Math.ceil(games.length / size),
      total: games.length,
    };
  };
  const games = (r: FakeRequest) => fakeGames(vendors, r.language);
  const defaults: Record<string, Answer> = {
    [`GET ${vendorGameTypesEndpoint.path}`]: (r) => fakeTypes(vendors, r.language),
    [`GET ${gameListEndpoint.path}`]: (r) => {
      let list = ofType(games(r), r.query.get('gameType'));
      const vendor = r.query.get('vassalage');
      if (vendor) list = list.filter((g) => g.vassalage === vendor);
      if (r.query.get('isNew') === '1') list = list.filter((g) => g.isNew === 1);
      const name = r.query.get('gameName')?.trim().toLowerCase();
      if (name) list = list.filter((g) => g.gameName.toLowerCase().includes(name));
      return page(list, r);
    },
    [`GET ${hotGamesEndpoint.path}`]: (r) => ({ list: ofType(games(r), r.query.get('gameType')).filter((g) => g.hotOrder !== null) }),
    [`GET ${winnerBoardEndpoint.path}`]: (r): { list: Winner[] } => ({
      list: games(r)
        .slice(0, 3)
        .map((g, i) => ({ iconUrl: g.iconUrl, customerName: `pl***${i}`, winAmount: 900000 - i * 1000, gameName: g.gameName, wonAt: '2026-11-01T00:00:00.000Z', game: g })),
    }),
    [`GET ${bannersEndpoint.path}`]: (r) => ({
      list: [{ bannerId: 7, url: '/static/banners/7.svg', linkUrl: null, title: `Banner ${r.query.get('groupName')}`, groupName: r.query.get('groupName'), sequence: 1 }],
    }),
    [`GET ${announcementsEndpoint.path}`]: () => ({ promotion: [], banners: [], player: [], popup: [], hot: [], agent: [] }),
    [`GET ${footerEndpoint.path}`]: () => ({ vendorLogos: [], customerService: [], downloadLinks: [], copyrightYear: 2025 }),
    [`GET ${consolidatedSettingsEndpoint.path}`]: () => ({
      merchantCode: 'DEMO',
      name: 'Lucky Bay',
      currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
      languages: { enabled: ['EN', 'CN'], default: 'EN' },
      switches: Object.fromEntries(switchKeys.map((key) => [key, false])),
      depositBadge: 25800,
    }),
    [`GET ${favouriteIdsEndpoint.path}`]: () => ({ list: [], pageNum: 1, totalPages: 0, total: 0 }),
    [`GET ${favouriteGamesEndpoint.path}`]: (r) => page(ofType(games(r), r.query.get('gameType')).slice(0, 2), r),
    [`GET ${recentGamesEndpoint.path}`]: (r) => page(ofType(games(r), r.query.get('gameType')).slice(0, 2), r),
    [`POST ${addFavouriteEndpoint.path}`]: (r) => ({ nodeId: (r.body as { nodeId: string }).nodeId, favourite: true }),
    [`DELETE ${removeFavouriteEndpoint.path}`]: (r) => ({ nodeId: r.query.get('nodeId'), favourite: false }),
    [`POST ${launchGameEndpoint.path}`]: () => ({ url: '/play/token' }),
    [`GET ${walletEndpoint.path}`]: () => ({
      merchant: { merchantCode: 'DEMO', currency: { code: 'PHP', symbol: '₱', minorUnits: 2 } },
      member: { memberId: 1, balance: 500000, held: 0 },
      sumBalance: 500000,
      updatedAt: '2026-11-22T10:00:00.000Z',
    }),
  };
  const all = { ...defaults, ...answers };
  const started = Date.now();
  /** Requests to fail once with 500 system.error (see `failOnce`). */
  const failures: ((request: FakeRequest) => boolean)[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: FakeRequest = { method, path: url.pathname, query: url.searchParams, language: headers.get('language'), body, at: Date.now() - started };
    requests.push(request);
    // Like a real fetch: a request whose signal is aborted never gets its answer.
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const answer = all[`${method} ${url.pathname}`];
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (!answer) return json(404, { success: false, errorCode: 'request.not.found', message: 'no' });
    const failing = failures.findIndex((matches) => matches(request));
    if (failing >= 0) {
      failures.splice(failing, 1);
      return json(500, { success: false, errorCode: 'system.error', message: 'system.error' });
    }
    try {
      return json(200, { success: true, value: answer(request) });
    } catch (error) {
      const { status = 400, errorCode = 'system.error' } = error as { status?: number; errorCode?: string };
      return json(status, { success: false, errorCode, message: errorCode });
    }
  });
  vi.stubGlobal('fetch', fetch);
  return {
    requests,
    /** Milliseconds since the server started (the clock of `FakeRequest.at`). */
    elapsed: () => Date.now() - started,
    /** Requests to one path (and method, GET by default). */
    to: (path: string, method = 'GET') => requests.filter((r) => r.path === path && r.method === method),
    /** The next request that `matches` gets 500 system.error instead of its answer. */
    failOnce: (matches: (request: FakeRequest) => boolean) => failures.push(matches),
  };
}
