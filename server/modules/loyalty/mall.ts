/**
 * The reward center (the points mall): GET /wps/mall/status and POST
 * /wps/mall/redeem. Points are earned on lifetime turnover (turnover.ts) at
 * the merchant's rate, `floor(turnover / turnoverPerPoint)`
 * (`merchants.mall_turnover_per_point`), and spent on rewards
 * (`mall_items`); available = earned − spent, never shown below 0 (only an
 * operator's higher rate after points were spent could make it so).
 *
 * A redemption is one database transaction: the member's row is locked (FOR
 * NO KEY UPDATE: redemptions of one member queue behind each other, while
 * inserts that merely reference the member, such as a bet, do not wait), a
 * redemption already made with the idempotency key is answered as it is (or
 * 409 request.idempotency.conflict for another item), the item must be one
 * of the merchant's enabled ones (404 mall.item.not.found), the available
 * points are counted from the database (never the cache) and must cover it
 * (409 mall.points.insufficient), and then the redemption row and its
 * payment are written together: a ledger transaction of kind `bonus`, house
 * → member (so the member's transaction record shows it as a bonus, type
 * O), key `mall-redemption:<id>`, meta `{ source: 'mall', redemptionId,
 * itemId, nameKey, points }`. Points and money move together or not at all.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { MallItem, MallStatus, RedeemBody, Redemption } from '../../../contract/loyalty.ts';
import type { Database } from '../../db/connect.ts';
import { type MemberRow, type MerchantRow, members, merchants } from '../../db/schema.ts';
import { type MallItemRow, type MallRedemptionRow, mallItems, mallRedemptions } from '../../db/schema-loyalty.ts';
import { AppError } from '../../http/app-error.ts';
import { constraintOf, IdempotencyConflictError, isRetryable, postTransaction, sqlState } from '../wallet/ledger.ts';
import { forgetWallets } from '../wallet/wallet-answers.ts';
import { currencyOf } from '../wallet/service.ts';
import { assertLoyaltyAccess } from './access.ts';
import { shownTurnover, turnoverOf } from './turnover.ts';

/** `mall_items.id` is a PostgreSQL integer: a larger id names no item (and is never sent to the database). */
const maxItemId = 2_147_483_647;

/** The ledger key of a redemption's payment. */
export const redemptionKeyOf = (redemptionId: number) => `mall-redemption:${redemptionId}`;

export const earnedPoints = (turnover: number, turnoverPerPoint: number): number => Math.floor(turnover / turnoverPerPoint);

export const availablePoints = (earned: number, spent: number): number => Math.max(0, earned - spent);

const itemNotFound = () => new AppError(404, errorCodes.mallItemNotFound, 'This reward does not exist or cannot be redeemed now.');

/** The points the member spent on redemptions. */
export async function spentPoints(db: Database, memberId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${mallRedemptions.points}), 0)` })
    .from(mallRedemptions)
    .where(eq(mallRedemptions.memberId, memberId));
  return Number(row?.total ?? 0);
}

export const mallItemView = (row: MallItemRow): MallItem => ({ id: row.id, nameKey: row.nameKey, points: row.points, reward: row.reward });

/** The merchant's rewards in their order (the enabled ones only unless asked). */
export async function mallItemRows(db: Database, merchantCode: string, options: { enabledOnly: boolean }): Promise<MallItemRow[]> {
  const where = options.enabledOnly
    ? and(eq(mallItems.merchantCode, merchantCode), eq(mallItems.enabled, true))
    : eq(mallItems.merchantCode, merchantCode);
  return db.select().from(mallItems).where(where).orderBy(asc(mallItems.sortOrder), asc(mallItems.id));
}

/** GET /wps/mall/status: 403 request.forbidden without the points switch, 403 trial.forbidden for a trial account. */
export async function mallStatus(db: Database, member: MemberRow, merchant: MerchantRow): Promise<MallStatus> {
  assertLoyaltyAccess(member, merchant, 'POINTSMALL3');
  const turnoverPerPoint = merchant.mallTurnoverPerPoint;
  const [turnover, spent, items] = await Promise.all([
    shownTurnover(db, member.id),
    spentPoints(db, member.id),
    mallItemRows(db, merchant.code, { enabledOnly: true }),
  ]);
  const earned = earnedPoints(turnover, turnoverPerPoint);
  return {
    currency: currencyOf(merchant),
    earned,
    spent,
    available: availablePoints(earned, spent),
    turnoverPerPoint,
    items: items.map(mallItemView),
  };
}

const redemptionView = (row: MallRedemptionRow, available: number): Redemption => ({
  id: row.id,
  itemId: row.itemId,
  points: row.points,
  reward: row.reward,
  available,
  createdAt: row.createdAt.toISOString(),
});

/** A redemption already made with the key (null when none), locked behind the member's row. */
async function findRedemption(trx: Database, memberId: number, idempotencyKey: string): Promise<MallRedemptionRow | null> {
  const [row] = await trx
    .select()
    .from(mallRedemptions)
    .where(and(eq(mallRedemptions.memberId, memberId), eq(mallRedemptions.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

/** The merchant's rate as stored now (the request's merchant row may be a second old). */
async function currentRate(trx: Database, merchantCode: string): Promise<number> {
  const [row] = await trx.select({ rate: merchants.mallTurnoverPerPoint }).from(merchants).where(eq(merchants.code, merchantCode)).limit(1);
  if (!row) throw new Error(`merchant ${merchantCode} not found`);
  return row.rate;
}

/** The points the member has to spend now, read from the database. */
async function pointsNow(db: Database, memberId: number, merchantCode: string): Promise<number> {
  const rate = await currentRate(db, merchantCode);
  const turnover = await turnoverOf(db, memberId);
  const spent = await spentPoints(db, memberId);
  return availablePoints(earnedPoints(turnover, rate), spent);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` in a database transaction, again after a deadlock or serialization failure, or when a racing redemption took the key first. */
async function withRetries<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((trx) => work(trx as unknown as Database));
    } catch (error) {
      const keyTaken = sqlState(error) === '23505' && constraintOf(error) === 'mall_redemptions_member_key_uq';
      if ((isRetryable(error) || keyTaken) && attempt < 10) {
        await sleep(Math.min(200, 2 ** attempt) * Math.random());
        continue;
      }
      throw error;
    }
  }
}

/**
 * POST /wps/mall/redeem (see the file's comment). The same key again answers
 * the same redemption with the points available now, paying nothing more.
 */
export async function redeem(db: Database, member: MemberRow, merchant: MerchantRow, body: RedeemBody, now: Date): Promise<Redemption> {
  assertLoyaltyAccess(member, merchant, 'POINTSMALL3');
  const outcome = await withRetries(db, async (trx) => {
    // Redemptions of this member wait here for each other, so two cannot spend the same points.
    await trx.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for('no key update');
    const earlier = await findRedemption(trx, member.id, body.idempotencyKey);
    if (earlier) {
      if (earlier.itemId !== body.itemId) throw new IdempotencyConflictError(body.idempotencyKey);
      return { row: earlier, available: null };
    }
    const [item] =
      body.itemId <= maxItemId
        ? await trx
            .select()
            .from(mallItems)
            .where(and(eq(mallItems.id, body.itemId), eq(mallItems.merchantCode, merchant.code), eq(mallItems.enabled, true)))
            .limit(1)
        : [];
    if (!item) throw itemNotFound();
    const available = await pointsNow(trx, member.id, merchant.code);
    if (available < item.points) {
      throw new AppError(409, errorCodes.mallPointsInsufficient, 'You do not have enough points for this reward.', {
        available,
        points: item.points,
      });
    }
    const [next] = (
      (await trx.execute(sql`select nextval(pg_get_serial_sequence('mall_redemptions', 'id'))::bigint as id`)) as unknown as {
        rows: { id: string | number }[];
      }
    ).rows;
    const id = Number(next?.id);
    const posted = await postTransaction(
      trx,
      {
        merchantId: merchant.code,
        idempotencyKey: redemptionKeyOf(id),
        kind: 'bonus',
        postings: [
          { account: { kind: 'house' }, amount: -item.reward },
          { account: { kind: 'member', memberId: member.id }, amount: item.reward },
        ],
        meta: { source: 'mall', redemptionId: id, itemId: item.id, nameKey: item.nameKey, points: item.points },
      },
      // The whole redemption is tried again by withRetries.
      { maxRetries: 0 },
    );
    const [row] = await trx
      .insert(mallRedemptions)
      .values({
        id,
        merchantCode: merchant.code,
        memberId: member.id,
        itemId: item.id,
        points: item.points,
        reward: item.reward,
        idempotencyKey: body.idempotencyKey,
        ledgerTxId: posted.transactionId,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('redemption not stored');
    return { row, available: available - item.points };
  });
  if (outcome.available === null) return redemptionView(outcome.row, await pointsNow(db, member.id, merchant.code));
  // Committed: the wallet (and the shown turnover) of the member are read again.
  forgetWallets(db, [member.id]);
  return redemptionView(outcome.row, outcome.available);
}
