/**
 * The VIP room (GET /wps/member/vip) and the member card's VIP label. A
 * merchant's levels (`vip_levels`) each have a lifetime-turnover threshold;
 * the member's level is the highest whose threshold the member's turnover
 * (turnover.ts) reaches, -1 when none is (a merchant without levels, or whose
 * lowest level asks for turnover). Turnover only grows, so a level is never
 * lost.
 *
 * The member card (GET /wps/member/info, asked on most pages) shows the
 * level's name as `clubLabel.labelName` while the VIP flag is on, so the card
 * and the VIP room agree; the member module asks `vipLabelOf` (handed to it by
 * server/modules/identity.ts: the member module does not import this one).
 * Both read the shown turnover (one indexed query, kept per member until the
 * member's wallet moves) and the merchant's levels, kept `levelsTtlMs` and
 * dropped when the merchant's row is reported changed on the change bus.
 */
import { asc, eq } from 'drizzle-orm';
import { type VipBenefit, type VipLevel, type VipStatus, vipBenefitSchema } from '../../../contract/loyalty.ts';
import { changeBusOf } from '../../db/change-bus.ts';
import type { Database } from '../../db/connect.ts';
import type { MemberRow, MerchantRow } from '../../db/schema.ts';
import { vipLevels } from '../../db/schema-loyalty.ts';
import { currencyOf } from '../wallet/service.ts';
import { assertLoyaltyAccess, isTrial, switchedOn } from './access.ts';
import { shownTurnover } from './turnover.ts';

/** How long a merchant's levels are reused (operators change them rarely; the change bus drops them sooner). */
export const levelsTtlMs = 5_000;

/** Only benefits of the contract's kinds (the database's CHECK already holds them to it). */
function benefitsOf(stored: unknown): VipBenefit[] {
  return Array.isArray(stored) ? stored.flatMap((b) => (vipBenefitSchema.safeParse(b).success ? [b as VipBenefit] : [])) : [];
}

/** The merchant's levels, lowest first, read now. */
export async function readVipLevels(db: Database, merchantCode: string): Promise<VipLevel[]> {
  const rows = await db.select().from(vipLevels).where(eq(vipLevels.merchantCode, merchantCode)).orderBy(asc(vipLevels.level));
  return rows.map((r) => ({ level: r.level, name: r.name, turnover: r.turnover, benefits: benefitsOf(r.benefits) }));
}

interface LevelsEntry {
  expires: number;
  value: Promise<VipLevel[]>;
}

const levelCaches = new WeakMap<Database, Map<string, LevelsEntry>>();

function cachedLevels(db: Database, merchantCode: string): Promise<VipLevel[]> {
  let cache = levelCaches.get(db);
  if (!cache) {
    const created = new Map<string, LevelsEntry>();
    cache = created;
    levelCaches.set(db, created);
    changeBusOf(db).subscribe('merchant', (code) => {
      if (code) created.delete(code);
      else created.clear();
    });
  }
  const t = Date.now();
  const hit = cache.get(merchantCode);
  if (hit && hit.expires > t) return hit.value;
  const value = readVipLevels(db, merchantCode);
  const entry = { expires: t + levelsTtlMs, value };
  cache.set(merchantCode, entry);
  value.catch(() => {
    if (cache.get(merchantCode) === entry) cache.delete(merchantCode);
  });
  return value;
}

/** The highest level whose threshold the turnover reaches; -1 when none is. */
export function levelOf(levels: readonly VipLevel[], turnover: number): number {
  let reached = -1;
  for (const l of levels) if (l.turnover <= turnover && l.level > reached) reached = l.level;
  return reached;
}

/** GET /wps/member/vip: 403 request.forbidden without the VIP flag, 403 trial.forbidden for a trial account. */
export async function vipStatus(db: Database, member: MemberRow, merchant: MerchantRow): Promise<VipStatus> {
  assertLoyaltyAccess(member, merchant, 'VIPROOM3');
  const [turnover, levels] = await Promise.all([shownTurnover(db, member.id), cachedLevels(db, merchant.code)]);
  return { currency: currencyOf(merchant), turnover, level: levelOf(levels, turnover), levels };
}

/**
 * The member card's VIP label from the member's level: null (the card keeps
 * the label stored on the member) without the VIP flag, for a trial account,
 * and when the merchant has no level the member reaches.
 */
export async function vipLabelOf(db: Database, member: MemberRow, merchant: MerchantRow): Promise<string | null> {
  if (!switchedOn(merchant, 'VIPROOM3') || isTrial(member)) return null;
  const [turnover, levels] = await Promise.all([shownTurnover(db, member.id), cachedLevels(db, merchant.code)]);
  const level = levelOf(levels, turnover);
  return levels.find((l) => l.level === level)?.name ?? null;
}
