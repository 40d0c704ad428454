import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import type { SwitchKey } from '../../../contract/system.ts';
import { type MerchantRow, merchants } from '../../db/schema.ts';

export async function findMerchant(db: Database, code: string): Promise<MerchantRow | null> {
  const rows = await db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
  return rows[0] ?? null;
}

export type MerchantPatch = Partial<Pick<MerchantRow, 'maintenance' | 'maintenanceInfo' | 'restrictedIpRanges' | 'enabledLanguages' | 'defaultLanguage'>>;

export async function updateMerchant(db: Database, code: string, patch: MerchantPatch): Promise<MerchantRow | null> {
  const rows = await db
    .update(merchants)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(merchants.code, code))
    .returning();
  return rows[0] ?? null;
}

/** Turns one white-label switch on or off, leaving the others as they are (one statement, so two changes at once both stay). */
export async function setMerchantSwitch(db: Database, code: string, key: SwitchKey, on: boolean): Promise<MerchantRow | null> {
  const rows = await db
    .update(merchants)
    .set({ switches: sql`${merchants.switches} || ${JSON.stringify({ [key]: on })}::jsonb`, updatedAt: sql`now()` })
    .where(eq(merchants.code, code))
    .returning();
  return rows[0] ?? null;
}
