import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { type MemberIconRow, type MemberRow, memberIcons, members, type NewMemberRow } from '../../db/schema.ts';
import type { ImageType } from '../../lib/image-type.ts';

export async function findMemberById(db: Database, id: number): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
}

/** Case-insensitive. */
export async function findMemberByUsername(db: Database, merchantCode: string, username: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), sql`lower(${members.username}) = lower(${username})`))
    .limit(1);
  return row ?? null;
}

/** By national number, and by dialing code when given; null when none or (without a dialing code) ambiguous. */
export async function findMemberByMobile(
  db: Database,
  merchantCode: string,
  number: string,
  dialingCode: string | null,
): Promise<MemberRow | null> {
  const rows = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.merchantCode, merchantCode),
        eq(members.mobileNumber, number),
        dialingCode ? eq(members.dialingCode, dialingCode) : undefined,
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0]! : null;
}

export async function mobileTaken(db: Database, merchantCode: string, dialingCode: string, number: string): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.dialingCode, dialingCode), eq(members.mobileNumber, number)))
    .limit(1);
  return Boolean(row);
}

/** An agent (types 1, 2, 41, 42) with that affiliate code (case-insensitive, stored upper case). */
export async function findAgentByAffiliateCode(db: Database, merchantCode: string, code: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.merchantCode, merchantCode),
        eq(members.affiliateCode, code.toUpperCase()),
        sql`${members.type} in (1, 2, 41, 42)`,
        eq(members.status, 'active'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertMember(db: Database, row: NewMemberRow): Promise<MemberRow> {
  const [inserted] = await db.insert(members).values(row).returning();
  if (!inserted) throw new Error('member not inserted');
  return inserted;
}

export async function updateMember(
  db: Database,
  id: number,
  patch: Partial<Pick<MemberRow, 'passwordHash' | 'passwordChangedAt' | 'firstTimeLogin' | 'nickname' | 'email' | 'updatedAt'>>,
): Promise<void> {
  await db.update(members).set(patch).where(eq(members.id, id));
}

/** Sets the payee name when the member has none (set once); whether it did. */
export async function setPayeeNameOnce(db: Database, id: number, payeeName: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(members)
    .set({ payeeName, updatedAt: at })
    .where(and(eq(members.id, id), or(isNull(members.payeeName), eq(members.payeeName, ''))))
    .returning({ id: members.id });
  return updated.length === 1;
}

export async function findMemberIcon(db: Database, memberId: number): Promise<MemberIconRow | null> {
  const [row] = await db.select().from(memberIcons).where(eq(memberIcons.memberId, memberId)).limit(1);
  return row ?? null;
}

/**
 * Stores the member's head icon and its change time in one transaction; the
 * time is later than the previous change, so each upload gives a new `iconVersion`.
 */
export async function saveMemberIcon(db: Database, memberId: number, icon: { contentType: ImageType; bytes: Buffer }, at: Date): Promise<Date> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .update(members)
      .set({
        iconChangedAt: sql`greatest(${at.toISOString()}::timestamptz, ${members.iconChangedAt} + interval '1 millisecond')`,
        updatedAt: at,
      })
      .where(eq(members.id, memberId))
      .returning({ iconChangedAt: members.iconChangedAt });
    if (!member?.iconChangedAt) throw new Error('member not found');
    const changedAt = member.iconChangedAt;
    await tx
      .insert(memberIcons)
      .values({ memberId, contentType: icon.contentType, data: icon.bytes, updatedAt: changedAt })
      .onConflictDoUpdate({
        target: memberIcons.memberId,
        set: { contentType: sql`excluded.content_type`, data: sql`excluded.data`, updatedAt: sql`excluded.updated_at` },
      });
    return changedAt;
  });
}

export async function trialMembersSince(db: Database, merchantCode: string, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(
      and(eq(members.merchantCode, merchantCode), eq(members.type, 4), eq(members.registerIp, ip), gt(members.createdAt, since)),
    );
  return row?.n ?? 0;
}

/** The unique index a violation hit, when the error is one (PostgreSQL 23505, through Drizzle's wrapper). */
export function uniqueViolation(error: unknown): string | null {
  let cursor: unknown = error;
  for (let depth = 0; cursor && depth < 4; depth++) {
    const e = cursor as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (e.code === '23505') {
      if (typeof e.constraint === 'string') return e.constraint;
      const match = typeof e.message === 'string' ? /"([^"]+)"/.exec(e.message) : null;
      return match?.[1] ?? 'unknown';
    }
    cursor = e.cause;
  }
  return null;
}
