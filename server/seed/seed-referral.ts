/**
 * Demo invite friends (docs/member.md): three friends `player1` invited,
 * registered over the last three days with player1's referral code
 * (`referrer_id`), each with the password `Friend#2026`; `jun_reyes` made a
 * ₱500.00 deposit that was paid at the local gateway, so player1's invite
 * page shows 3 invited, 1 deposited. The deposit goes through the wallet
 * service as a real one does (the order, the gateway's payment, its signed
 * callback crediting the ledger once), so the ledger stays balanced. The
 * friends are seeded when player1 has invited nobody; the deposit when the
 * friend has none completed (the same idempotency key answers the same
 * order), so running the seed again changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { members, merchants } from '../db/schema.ts';
import { deposits, localGatewayPayments } from '../db/schema-wallet.ts';
import { AppError } from '../http/app-error.ts';
import { hashPassword } from '../modules/member/passwords.ts';
import { createLocalGateway } from '../modules/wallet/gateway/local-gateway.ts';
import { createWalletService } from '../modules/wallet/service.ts';
import { createWithdrawalPasswords } from '../modules/wallet/withdrawal-password.ts';
import { demoAccounts } from './seed-members.ts';

const dayMs = 86_400_000;

export const demoFriendPassword = 'Friend#2026';

/** player1's invited friends: how many days before the seed each registered, and whether a deposit of theirs was paid. */
export const demoFriends = [
  { username: 'maria88', daysAgo: 3, deposited: false },
  { username: 'jun_reyes', daysAgo: 2, deposited: true },
  { username: 'ana2026', daysAgo: 1, deposited: false },
] as const;

/** The paid deposit of the friend who deposited (LOCALPAY, no promotion). */
export const demoFriendDeposit = { channelCode: 'LOCALPAY', amount: 500_00, idempotencyKey: 'seed-referral-deposit' } as const;

async function seedFriends(db: Database, merchantCode: string, referrerId: number, now: Date): Promise<boolean> {
  const [invited] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.referrerId, referrerId)))
    .limit(1);
  if (invited) return false;
  const hashes = await Promise.all(demoFriends.map(() => hashPassword(demoFriendPassword)));
  await db
    .insert(members)
    .values(
      demoFriends.map((f, i) => {
        const createdAt = new Date(now.getTime() - f.daysAgo * dayMs);
        return {
          merchantCode,
          username: f.username,
          passwordHash: hashes[i] ?? null,
          type: 0,
          recommenderId: String(referrerId),
          referrerId,
          registerMethod: 'username',
          passwordChangedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .onConflictDoNothing();
  return true;
}

/** The friend's deposit, opened, paid at the local gateway and credited by its signed callback, three hours after the friend registered. */
async function seedFriendDeposit(db: Database, merchantCode: string, referrerId: number): Promise<void> {
  const names = demoFriends.filter((f) => f.deposited).map((f) => f.username);
  const friends = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.referrerId, referrerId), inArray(members.username, names)));
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, merchantCode)).limit(1);
  if (!merchant) return;
  for (const friend of friends) {
    const [done] = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.memberId, friend.id), eq(deposits.status, 'completed')))
      .limit(1);
    if (done) continue;
    const at = new Date(friend.createdAt.getTime() + 3 * 3_600_000);
    const now = () => at;
    const gateway = createLocalGateway({ secret: randomBytes(32).toString('hex'), now, deliver: async () => 200 });
    const wallet = createWalletService({ db, now, providers: new Map([[gateway.code, gateway]]), passwords: createWithdrawalPasswords(db, now) });
    // A merchant whose operator turned the channel off gets no demo deposit.
    const order = await wallet
      .createDeposit({ member: friend, merchant, language: 'EN' }, { ...demoFriendDeposit, promotionId: null })
      .catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
    if (!order) continue;
    const [payment] = await db.select().from(localGatewayPayments).where(eq(localGatewayPayments.orderNo, order.orderNo)).limit(1);
    if (!payment) continue;
    const { payment: paid } = await gateway.decide(db, payment, 'paid');
    if (paid.status !== 'paid') continue;
    const callback = gateway.callbackOf(paid);
    await wallet.gatewayCallback(merchant, gateway.code, callback.rawBody, callback.signature, JSON.parse(callback.rawBody));
  }
}

/** Returns whether it seeded the friends. */
export async function seedReferralIfEmpty(db: Database, merchantCode: string): Promise<boolean> {
  const [player] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, demoAccounts.player.username)))
    .limit(1);
  if (!player) return false;
  const seeded = await seedFriends(db, merchantCode, player.id, new Date());
  await seedFriendDeposit(db, merchantCode, player.id);
  return seeded;
}
