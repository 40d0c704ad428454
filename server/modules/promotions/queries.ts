/** Drizzle reads and writes of the promotions module (rules in service.ts). */
import { and, asc, desc, eq, gte, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { members } from '../../db/schema.ts';
import {
  type PromotionApplicationRow,
  type PromotionRow,
  promotionApplicationImages,
  promotionApplications,
  promotionCategories,
  promotionCategoryLinks,
  promotionImages,
  promotions,
} from '../../db/schema-promotions.ts';

export async function findCategories(db: Database, merchantCode: string) {
  return db
    .select()
    .from(promotionCategories)
    .where(eq(promotionCategories.merchantCode, merchantCode))
    .orderBy(asc(promotionCategories.sequence), asc(promotionCategories.id));
}

export async function findCategory(db: Database, merchantCode: string, id: number) {
  const [row] = await db
    .select()
    .from(promotionCategories)
    .where(and(eq(promotionCategories.merchantCode, merchantCode), eq(promotionCategories.id, id)))
    .limit(1);
  return row;
}

export async function findCategoryById(db: Database, id: number) {
  const [row] = await db.select().from(promotionCategories).where(eq(promotionCategories.id, id)).limit(1);
  return row;
}

/**
 * The promotions a list shows: those not ended before `shownFrom` (YYYY-MM-DD),
 * and those the member has an application in; of a category when given.
 */
export async function findListedPromotions(
  db: Database,
  merchantCode: string,
  options: { shownFrom: string; memberId: number | null; categoryId?: number | undefined },
): Promise<PromotionRow[]> {
  const shown: SQL[] = [isNull(promotions.endDate), gte(promotions.endDate, options.shownFrom)];
  if (options.memberId !== null) {
    shown.push(
      inArray(
        promotions.id,
        db
          .select({ id: promotionApplications.promotionId })
          .from(promotionApplications)
          .where(eq(promotionApplications.memberId, options.memberId)),
      ),
    );
  }
  const conditions: SQL[] = [eq(promotions.merchantCode, merchantCode), or(...shown) as SQL];
  if (options.categoryId !== undefined) {
    conditions.push(
      inArray(
        promotions.id,
        db
          .select({ id: promotionCategoryLinks.promotionId })
          .from(promotionCategoryLinks)
          .where(eq(promotionCategoryLinks.categoryId, options.categoryId)),
      ),
    );
  }
  return db
    .select()
    .from(promotions)
    .where(and(...conditions))
    .orderBy(desc(promotions.startDate), desc(promotions.id));
}

export async function findAllPromotions(db: Database, merchantCode: string): Promise<PromotionRow[]> {
  return db.select().from(promotions).where(eq(promotions.merchantCode, merchantCode)).orderBy(asc(promotions.id));
}

export async function findPromotion(db: Database, merchantCode: string, id: number): Promise<PromotionRow | undefined> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.merchantCode, merchantCode), eq(promotions.id, id)))
    .limit(1);
  return row;
}

export async function findPromotionImages(db: Database, promotionIds: number[]) {
  if (!promotionIds.length) return [];
  return db
    .select()
    .from(promotionImages)
    .where(inArray(promotionImages.promotionId, promotionIds))
    .orderBy(asc(promotionImages.sequence));
}

export async function findPromotionImage(db: Database, id: number) {
  const [row] = await db
    .select({ id: promotionImages.id, sequence: promotionImages.sequence, label: promotionImages.label })
    .from(promotionImages)
    .where(eq(promotionImages.id, id))
    .limit(1);
  return row;
}

export async function findCategoryLinks(db: Database, promotionIds: number[]) {
  if (!promotionIds.length) return [];
  return db
    .select()
    .from(promotionCategoryLinks)
    .where(inArray(promotionCategoryLinks.promotionId, promotionIds))
    .orderBy(asc(promotionCategoryLinks.categoryId));
}

export async function findMemberApplications(db: Database, memberId: number, promotionIds: number[]): Promise<PromotionApplicationRow[]> {
  if (!promotionIds.length) return [];
  return db
    .select()
    .from(promotionApplications)
    .where(and(eq(promotionApplications.memberId, memberId), inArray(promotionApplications.promotionId, promotionIds)));
}

export async function findApplication(db: Database, merchantCode: string, id: number): Promise<PromotionApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(promotionApplications)
    .where(and(eq(promotionApplications.merchantCode, merchantCode), eq(promotionApplications.id, id)))
    .limit(1);
  return row;
}

export async function findApplicationOf(db: Database, memberId: number, promotionId: number): Promise<PromotionApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(promotionApplications)
    .where(and(eq(promotionApplications.memberId, memberId), eq(promotionApplications.promotionId, promotionId)))
    .limit(1);
  return row;
}

/** Applications of a merchant (all, or of some statuses) with the member's username, newest first. */
export async function findApplicationsForReview(db: Database, merchantCode: string, statuses: string[] | null, promotionId?: number) {
  const conditions: SQL[] = [eq(promotionApplications.merchantCode, merchantCode)];
  if (statuses) conditions.push(inArray(promotionApplications.status, statuses));
  if (promotionId !== undefined) conditions.push(eq(promotionApplications.promotionId, promotionId));
  return db
    .select({ application: promotionApplications, username: members.username })
    .from(promotionApplications)
    .innerJoin(members, eq(members.id, promotionApplications.memberId))
    .where(and(...conditions))
    .orderBy(desc(promotionApplications.id));
}

/** The images of applications without their bytes. */
export async function findApplicationImageInfo(db: Database, applicationIds: number[]) {
  if (!applicationIds.length) return [];
  return db
    .select({
      applicationId: promotionApplicationImages.applicationId,
      sequence: promotionApplicationImages.sequence,
      name: promotionApplicationImages.name,
      contentType: promotionApplicationImages.contentType,
      byteSize: promotionApplicationImages.byteSize,
      sha256: promotionApplicationImages.sha256,
    })
    .from(promotionApplicationImages)
    .where(inArray(promotionApplicationImages.applicationId, applicationIds))
    .orderBy(asc(promotionApplicationImages.applicationId), asc(promotionApplicationImages.sequence));
}

export async function findApplicationImage(db: Database, applicationId: number, sequence: number) {
  const [row] = await db
    .select()
    .from(promotionApplicationImages)
    .where(and(eq(promotionApplicationImages.applicationId, applicationId), eq(promotionApplicationImages.sequence, sequence)))
    .limit(1);
  return row;
}
