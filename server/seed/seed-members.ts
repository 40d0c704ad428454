/**
 * Demo accounts (docs/identity.md): agent `agent1` / `Agent#2026` (type 1,
 * affiliate code AGENT1), member `player1` / `Player#2026` (type 0, in
 * agent1's downline) and the mobile-number member +63 9171234567 /
 * `Mobile#2026` (username `mobile1`, also in agent1's downline). player1 has
 * a nickname, a payee name (so the account page shows it locked), a head
 * icon and two security questions answered (the security center shows them
 * set; `members answer-check player1 firstPet Rex` matches). Seeded only when
 * the merchant has no member; the argon2id hashes run in parallel.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { memberIcons, members } from '../db/schema.ts';
import { hashPassword } from '../modules/member/passwords.ts';
import { checkSecurityAnswers, saveSecurityAnswers } from '../modules/member/security-questions.ts';

export const demoAccounts = {
  agent: { username: 'agent1', password: 'Agent#2026', affiliateCode: 'AGENT1' },
  player: {
    username: 'player1',
    password: 'Player#2026',
    nickname: 'Lucky Pat',
    payeeName: 'Patricia Santos',
    securityAnswers: [
      { questionId: 'firstPet', answer: 'Rex' },
      { questionId: 'birthCity', answer: 'Cebu City' },
    ],
  },
  mobile: { username: 'mobile1', password: 'Mobile#2026', dialingCode: '63', mobileNumber: '9171234567' },
} as const;

/** player1's head icon: a 24 x 24 PNG of a head and shoulders. */
export const demoIconPng =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAW0lEQVR42mPQztlAFcQwkg36dAWEKDIIYgQyIscgTFPwm8VAkil4zBo1iFyDqBZr1ExH1EzZVMtrX7froSGSDcI0gqBxDCQZgcc42hhEvCmYZjGQbQqaWYPPIACtjIJyMYmndgAAAABJRU5ErkJggg==';

/** Returns whether it seeded. */
export async function seedMembersIfEmpty(db: Database, merchantCode: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(members)
    .where(eq(members.merchantCode, merchantCode));
  if ((row?.n ?? 0) > 0) return false;
  const { agent, player, mobile } = demoAccounts;
  const [agentHash, playerHash, mobileHash] = await Promise.all([
    hashPassword(agent.password),
    hashPassword(player.password),
    hashPassword(mobile.password),
  ]);
  const now = new Date();
  await db
    .insert(members)
    .values({
      merchantCode,
      username: agent.username,
      passwordHash: agentHash,
      type: 1,
      affiliateCode: agent.affiliateCode,
      nickname: 'Agent One',
      passwordChangedAt: now,
    })
    .onConflictDoNothing();
  const [agentRow] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, agent.username)))
    .limit(1);
  await db
    .insert(members)
    .values([
      {
        merchantCode,
        username: player.username,
        passwordHash: playerHash,
        type: 0,
        parentId: agentRow?.id ?? null,
        nickname: player.nickname,
        payeeName: player.payeeName,
        // The VIP label the member card shows (clubLabel).
        vipLabel: 'VIP 1',
        email: 'player1@example.com',
        passwordChangedAt: now,
        iconChangedAt: now,
      },
      {
        merchantCode,
        username: mobile.username,
        passwordHash: mobileHash,
        type: 0,
        parentId: agentRow?.id ?? null,
        dialingCode: mobile.dialingCode,
        mobileNumber: mobile.mobileNumber,
        passwordChangedAt: now,
      },
    ])
    .onConflictDoNothing();
  const [playerRow] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, player.username)))
    .limit(1);
  if (playerRow) {
    await db
      .insert(memberIcons)
      .values({ memberId: playerRow.id, contentType: 'image/png', data: Buffer.from(demoIconPng, 'base64'), updatedAt: now })
      .onConflictDoNothing();
    await saveSecurityAnswers(db, playerRow.id, checkSecurityAnswers(player.securityAnswers), now);
  }
  return true;
}
