/**
 * Search-param schemas of the routes (zod/mini, Standard Schema). Bad input
 * never fails a route: every field falls back to its default. The router
 * reads every value as the plain string it is in the URL (src/app/router.ts),
 * so numbers are coerced here.
 */
import * as z from 'zod/mini';
import { gameCategories } from './game-categories.ts';

/** `schema`, or `fallback` when the param is missing or invalid. */
function withDefault<T extends z.ZodMiniType>(schema: T, fallback: z.output<T>) {
  return z._default(z.catch(schema, fallback), fallback as never);
}

/** Optional: undefined when missing or invalid. */
function optional<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}

const index = z.coerce.number().check(z.int(), z.nonnegative());
const code = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
/** An id from the server: numbers and short tokens, as a string. */
const id = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/))]),
  z.transform((v) => String(v)),
);

/** Game categories (spec section 1) plus HOME, the game centre's landing page. */
const gameCenterCategories = ['HOME', ...gameCategories] as const;

/** /m/help?i= : the active item, default 0. */
export const helpSearch = z.object({ i: withDefault(index, 0) });

/** /m/notice?index= : the announcement to open, by index. */
export const noticeSearch = z.object({ index: optional(index) });

/** /m/live?room= : the live room to open (without it, or with 0, the list). */
export const liveSearch = z.object({ room: optional(index) });

/**
 * /m/lotto/<gameCode>?prizeMode=&playType= : a lottery launch's prize mode and play type (contract/lottery.ts
 * `lotteryGamePath`); anything else, the game's own. The lists are contract/member-games.ts's `prizeModes` and
 * `playTypes`, written here so the first load does not carry the games contract (a test keeps them equal).
 */
export const lottoSearch = z.object({ prizeMode: optional(z.enum(['ELOTT', 'LOTT', 'ZY', 'SEA'])), playType: optional(z.enum(['ent', 'trad'])) });

/** /m/activity?id= and /m/activityDetail?id= : the promotion to open. */
export const activitySearch = z.object({ id: optional(id) });

/** /m/gameList?gameType=&vassalage= or ?type=fav */
export const gameListSearch = z.object({
  gameType: optional(code),
  vassalage: optional(code),
  type: optional(z.enum(['fav'])),
});

/** /m/gameCenter?gameCategory= (default HOME). */
export const gameCenterSearch = z.object({ gameCategory: withDefault(z.enum(gameCenterCategories), 'HOME') });

/** /m/transaction/record?types=, /m/transaction/profit?types=, /m/agent/team/pnl?types= and /m/member/notice?types= (default A). */
export const typesSearch = z.object({ types: withDefault(z.string().check(z.regex(/^[A-Z]{1,8}$/)), 'A') });

/** /m/voucherCenter?orderNo= : back from the payment page, the deposit to follow. */
export const depositSearch = z.object({ orderNo: optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/))) });

/**
 * /m/register?affiliateCode=&recommenderId= : the invitation read from a shared link. A referral
 * code is the member ID, which the address reads as a number: taken back as text.
 */
export const registerSearch = z.object({
  affiliateCode: optional(id),
  recommenderId: optional(id),
});

/** /m/login?redirect= : where to go after login; only paths inside the site. */
export const loginSearch = z.object({
  redirect: optional(z.string().check(z.regex(/^\/m\/[^/\\]/))),
});
