/**
 * The demo seed: one merchant, loaded only when the database has none.
 * Idempotent: running it twice changes nothing.
 */
import { interfaceLanguages } from '../../contract/languages.ts';
import { eq, sql } from 'drizzle-orm';
import type { Switches } from '../../contract/system.ts';
import type { Database } from '../db/connect.ts';
import { merchants, type NewMerchantRow } from '../db/schema.ts';
import { seedChatIfEmpty } from './seed-chat.ts';
import { seedCatalogueIfEmpty } from './seed-catalogue.ts';
import { seedHelpIfEmpty } from './seed-help.ts';
import { seedInboxIfEmpty } from './seed-inbox.ts';
import { seedKycIfEmpty } from './seed-kyc.ts';
import { seedLiveIfEmpty } from './seed-live.ts';
import { demoTurnoverPerPoint, seedLoyaltyIfEmpty } from './seed-loyalty.ts';
import { seedMembersIfEmpty } from './seed-members.ts';
import { seedPromotionsIfEmpty } from './seed-promotions.ts';
import { seedReferralIfEmpty } from './seed-referral.ts';
import { seedAgentTeamIfEmpty } from './seed-agent.ts';
import { seedContractsIfEmpty } from './seed-contracts.ts';
import { seedNoticeReadsIfEmpty } from './seed-notices.ts';
import { seedWalletIfEmpty } from './seed-wallet.ts';

export const demoMerchantCode = 'DEMO';

const demoSwitches: Switches = {
  USERNAMEREG3: true,
  MOBILENUMREG3: true,
  REGMOBVERF3: true,
  MOBILENUMPASSREG3: true,
  FACEBOOKLOGIN3: true,
  GOOGLELOGIN3: true,
  CHNGPASSVERIF3: true,
  TRANSBETREPMEM3: true,
  CBS3: true,
  AFFMAN3: true,
  POINTSMALL3: true,
  VIPROOM3: true,
  REFERRAL3: true,
  // Off in the demo: `npm run admin -- merchant switch KYCWITHDRAW3 on` makes withdrawals wait for an approved identity check.
  KYCWITHDRAW3: false,
  // Off in the demo until dividend contracts are offered: the agency centre's footer then shows the dividend entry.
  DIVIDEND3: false,
};

export const demoMerchant: NewMerchantRow = {
  code: demoMerchantCode,
  name: 'Lucky Bay',
  currencyCode: 'PHP',
  currencySymbol: '₱',
  minorUnits: 2,
  enabledLanguages: interfaceLanguages.map((l) => l.code),
  defaultLanguage: 'EN',
  switches: demoSwitches,
  maintenance: false,
  maintenanceInfo: '',
  restrictedIpRanges: [],
  mallTurnoverPerPoint: demoTurnoverPerPoint,
};

/** Seeds the demo data when the database holds no merchant. Returns whether it seeded. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(merchants);
  if ((row?.n ?? 0) > 0) {
    // A database seeded before the lobby catalogue existed gets it now.
    await seedCatalogueIfEmpty(db, demoMerchantCode);
    // ... and the demo accounts, when the merchant has no member yet.
    if (await existsMerchant(db, demoMerchantCode)) {
      await seedMembersIfEmpty(db, demoMerchantCode);
      // ... and the demo money (channels, promotions, opening balances).
      await seedWalletIfEmpty(db, demoMerchantCode);
      // ... and the help centre, when the merchant has no help item yet.
      await seedHelpIfEmpty(db, demoMerchantCode);
      // ... and the demo inbox, when the merchant has no operator message yet.
      await seedInboxIfEmpty(db, demoMerchantCode);
      // ... and the promotions, when the merchant has no promotion category yet.
      await seedPromotionsIfEmpty(db, demoMerchantCode);
      // ... and the demo accounts' read announcements.
      await seedNoticeReadsIfEmpty(db, demoMerchantCode);
      // ... and the live chat's staff account.
      await seedChatIfEmpty(db, demoMerchantCode);
      // ... and the VIP levels, the points mall's rewards and player1's demo play.
      await seedLoyaltyIfEmpty(db, demoMerchantCode);
      // ... and player1's approved identity check.
      await seedKycIfEmpty(db, demoMerchantCode);
      // ... and player1's invited friends.
      await seedReferralIfEmpty(db, demoMerchantCode);
      // ... and agent1's team.
      await seedAgentTeamIfEmpty(db, demoMerchantCode);
      // ... and its contracts and rebate rates.
      await seedContractsIfEmpty(db, demoMerchantCode);
      // ... and the live rooms.
      await seedLiveIfEmpty(db, demoMerchantCode);
    }
    return false;
  }
  await db.insert(merchants).values(demoMerchant).onConflictDoNothing();
  await seedCatalogueIfEmpty(db, demoMerchantCode);
  await seedHelpIfEmpty(db, demoMerchantCode);
  await seedMembersIfEmpty(db, demoMerchantCode);
  await seedWalletIfEmpty(db, demoMerchantCode);
  await seedInboxIfEmpty(db, demoMerchantCode);
  await seedPromotionsIfEmpty(db, demoMerchantCode);
  await seedNoticeReadsIfEmpty(db, demoMerchantCode);
  await seedChatIfEmpty(db, demoMerchantCode);
  await seedLoyaltyIfEmpty(db, demoMerchantCode);
  await seedKycIfEmpty(db, demoMerchantCode);
  await seedReferralIfEmpty(db, demoMerchantCode);
  await seedAgentTeamIfEmpty(db, demoMerchantCode);
  await seedContractsIfEmpty(db, demoMerchantCode);
  await seedLiveIfEmpty(db, demoMerchantCode);
  return true;
}

async function existsMerchant(db: Database, code: string): Promise<boolean> {
  const rows = await db.select({ code: merchants.code }).from(merchants).where(eq(merchants.code, code)).limit(1);
  return rows.length > 0;
}
