/**
 * The demo seed: one merchant, loaded only when the database has none.
 * Idempotent: running it twice changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { Switches } from '../../src/api/system.ts';
import type { Database } from './connect.ts';
import { merchants, type NewMerchantRow } from './schema.ts';

export const demoMerchantCode = 'DEMO';

const demoSwitches: Switches = {
  USERNAMEREG3: true,
  MOBILENUMREG3: true,
  REGMOBVERF3: true,
  MOBILENUMPASSREG3: true,
  FACEBOOKLOGIN3: false,
  GOOGLELOGIN3: false,
  CHNGPASSVERIF3: true,
  TRANSBETREPMEM3: true,
  CBS3: true,
  AFFMAN3: true,
};

export const demoMerchant: NewMerchantRow = {
  code: demoMerchantCode,
  name: 'Lucky Bay',
  currencyCode: 'PHP',
  currencySymbol: '₱',
  minorUnits: 2,
  enabledLanguages: ['EN', 'CN'],
  defaultLanguage: 'EN',
  switches: demoSwitches,
  maintenance: false,
  maintenanceInfo: '',
  restrictedIpRanges: [],
};

/** Seeds the demo data when the database holds no merchant. Returns whether it seeded. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(merchants);
  if ((row?.n ?? 0) > 0) return false;
  await db.insert(merchants).values(demoMerchant).onConflictDoNothing();
  return true;
}
