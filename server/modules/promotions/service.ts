/**
 * Promotion rules (spec sections 2, 3, 5; docs/promotions.md): the reader's
 * language, the member's status in each promotion, applications (mode apply:
 * comment and images, one per member and promotion, reviewed by the
 * operator), participations (mode join: one tap, idempotent), and the bonus,
 * paid by the ledger once per application (kind `bonus`, house → member, key
 * `promotion-bonus:<applicationId>`) with the application's new status
 * written in the same database transaction.
 */
import { and, eq } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import {
  type ApplicationImage,
  type Promotion,
  type PromotionCategory,
  type PromotionMode,
  type PromotionStatus,
  promotionModes,
} from '../../../contract/promotions.ts';
import { trialTypes } from '../../../contract/session.ts';
import type { Database } from '../../db/connect.ts';
import type { MemberRow } from '../../db/schema.ts';
import {
  type LocalisedText,
  type PromotionApplicationRow,
  type PromotionRow,
  promotionApplicationImages,
  promotionApplications,
  promotionCategories,
  promotionCategoryLinks,
  promotionImages,
  promotions,
} from '../../db/schema-promotions.ts';
import { AppError } from '../../http/app-error.ts';
import { stripScripts } from '../../lib/strip-scripts.ts';
import { postTransaction } from '../wallet/ledger.ts';
import { categoryIconUrl, promotionImageUrl } from './images.ts';
import {
  findApplication,
  findApplicationOf,
  findCategories,
  findCategory,
  findCategoryLinks,
  findListedPromotions,
  findMemberApplications,
  findPromotion,
  findPromotionImages,
} from './queries.ts';
import { decodeImages } from './uploads.ts';
import { localised } from '../../lib/localised.ts';

/** How long an ended promotion stays in the list (shown `close`) for everyone. */
export const endedShownDays = 30;

export type ApplicationStatus = 'pending' | 'approved' | 'rejected' | 'claimed' | 'joined' | 'issued';

/** Who reads: the merchant, the languages to look for in order, the member when a session was sent. */
export interface Reader {
  merchantCode: string;
  languages: string[];
  member: MemberRow | null;
}

/** A member acting on a promotion. */
export interface Actor extends Reader {
  member: MemberRow;
}

export const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const isCurrent = (p: Pick<PromotionRow, 'startDate' | 'endDate'>, today: string) =>
  p.startDate <= today && (p.endDate === null || p.endDate >= today);

const labelOf: Record<ApplicationStatus, PromotionStatus> = {
  pending: 'applying',
  approved: 'claim',
  rejected: 'rejected',
  claimed: 'claimed',
  joined: 'joined',
  issued: 'issued',
};

/**
 * The member's status in a promotion (contract/promotions.ts): the member's
 * application or participation decides when there is one (an approved bonus
 * can be claimed after the end); else comingSoon before the start, close
 * after the end, join in between (guests too).
 */
export function statusOf(p: Pick<PromotionRow, 'startDate' | 'endDate'>, application: { status: string } | null, today: string): PromotionStatus {
  const label = application ? labelOf[application.status as ApplicationStatus] : undefined;
  if (label) return label;
  if (p.startDate > today) return 'comingSoon';
  if (p.endDate !== null && p.endDate < today) return 'close';
  return 'join';
}

function rejectTrial(member: MemberRow): void {
  if ((trialTypes as readonly number[]).includes(member.type)) {
    throw new AppError(403, errorCodes.trialForbidden, 'Please log in with a real account to take part in promotions.');
  }
}

const promotionNotFound = () => new AppError(404, errorCodes.promotionNotFound, 'No such promotion.');
const applicationNotFound = () => new AppError(404, errorCodes.applicationNotFound, 'No such application.');

/** The views of promotions with their images, categories and the member's applications. */
async function viewsOf(db: Database, reader: Reader, rows: PromotionRow[], today: string): Promise<Promotion[]> {
  const ids = rows.map((r) => r.id);
  const [images, links, applications] = [
    await findPromotionImages(db, ids),
    await findCategoryLinks(db, ids),
    reader.member ? await findMemberApplications(db, reader.member.id, ids) : [],
  ];
  return rows.map((row) => {
    const application = applications.find((a) => a.promotionId === row.id) ?? null;
    return {
      id: row.id,
      title: localised(row.titles, reader.languages),
      content: localised(row.contents, reader.languages),
      startDate: row.startDate,
      endDate: row.endDate,
      noExpiry: row.endDate === null ? 1 : 0,
      announcementImages: images.filter((i) => i.promotionId === row.id).map((i) => ({ url: promotionImageUrl(i.id), sequence: i.sequence })),
      promoAnnouncementCategoryIds: links.filter((l) => l.promotionId === row.id).map((l) => l.categoryId),
      mode: row.mode as PromotionMode,
      bonusAmount: row.bonusAmount,
      status: statusOf(row, application, today),
      applicationId: application?.id ?? null,
      rejectReason: application?.status === 'rejected' ? (application.rejectReason ?? '') : null,
    };
  });
}

async function viewOf(db: Database, reader: Reader, row: PromotionRow, now: Date): Promise<Promotion> {
  const [view] = await viewsOf(db, reader, [row], todayUtc(now));
  if (!view) throw promotionNotFound();
  return view;
}

export async function categoryList(db: Database, merchantCode: string, languages: string[]): Promise<{ list: PromotionCategory[] }> {
  const rows = await findCategories(db, merchantCode);
  return {
    list: rows.map((row) => ({ id: row.id, title: localised(row.titles, languages), iconImageUrl: row.iconUrl ?? categoryIconUrl(row.id) })),
  };
}

/**
 * The promotions of the list: current and coming ones, those ended in the
 * last `endedShownDays` days, and any the member has an application in;
 * current first, then coming, then ended, each newest start first.
 */
export async function promotionList(db: Database, reader: Reader, query: { categoryId?: number | undefined }, now: Date): Promise<{ list: Promotion[] }> {
  const today = todayUtc(now);
  const rows = await findListedPromotions(db, reader.merchantCode, {
    shownFrom: daysBefore(today, endedShownDays),
    memberId: reader.member?.id ?? null,
    categoryId: query.categoryId,
  });
  const rank = (p: PromotionRow) => (isCurrent(p, today) ? 0 : p.startDate > today ? 1 : 2);
  const sorted = [...rows].sort((a, b) => rank(a) - rank(b));
  return { list: await viewsOf(db, reader, sorted, today) };
}

async function promotionFor(db: Database, actor: Actor, promotionId: number, mode: PromotionMode): Promise<PromotionRow> {
  rejectTrial(actor.member);
  const promotion = await findPromotion(db, actor.merchantCode, promotionId);
  if (!promotion) throw promotionNotFound();
  if (promotion.mode !== mode) {
    throw new AppError(400, errorCodes.promotionModeInvalid, mode === 'apply' ? 'This promotion is joined, not applied for.' : 'This promotion needs an application.');
  }
  return promotion;
}

const notOpen = () => new AppError(409, errorCodes.promotionNotOpen, 'This promotion is not open.');
const alreadyApplied = () => new AppError(409, errorCodes.promotionAlreadyApplied, 'You have already applied for this promotion.');

/** Applies for a promotion of mode apply with a comment and images (their bytes checked), once. */
export async function applyForPromotion(
  db: Database,
  actor: Actor,
  body: { promotionId: number; comment: string; images: ApplicationImage[] },
  now: Date,
): Promise<Promotion> {
  const promotion = await promotionFor(db, actor, body.promotionId, 'apply');
  if (!isCurrent(promotion, todayUtc(now))) throw notOpen();
  if (await findApplicationOf(db, actor.member.id, promotion.id)) throw alreadyApplied();
  const images = decodeImages(body.images);
  await db.transaction(async (trx) => {
    const [application] = await trx
      .insert(promotionApplications)
      .values({
        merchantCode: actor.merchantCode,
        promotionId: promotion.id,
        memberId: actor.member.id,
        comment: body.comment.trim(),
        status: 'pending',
        createdAt: now,
      })
      .onConflictDoNothing({ target: [promotionApplications.promotionId, promotionApplications.memberId] })
      .returning({ id: promotionApplications.id });
    if (!application) throw alreadyApplied();
    if (images.length) {
      await trx.insert(promotionApplicationImages).values(
        images.map((image, i) => ({
          applicationId: application.id,
          sequence: i + 1,
          name: image.name,
          contentType: image.contentType,
          byteSize: image.bytes.length,
          sha256: image.sha256,
          data: image.bytes,
        })),
      );
    }
  });
  return viewOf(db, actor, promotion, now);
}

/** Joins a promotion of mode join; a repeated join answers the same. */
export async function joinPromotion(db: Database, actor: Actor, body: { promotionId: number }, now: Date): Promise<Promotion> {
  const promotion = await promotionFor(db, actor, body.promotionId, 'join');
  if (!(await findApplicationOf(db, actor.member.id, promotion.id))) {
    if (!isCurrent(promotion, todayUtc(now))) throw notOpen();
    await db
      .insert(promotionApplications)
      .values({ merchantCode: actor.merchantCode, promotionId: promotion.id, memberId: actor.member.id, status: 'joined', createdAt: now })
      .onConflictDoNothing({ target: [promotionApplications.promotionId, promotionApplications.memberId] });
  }
  return viewOf(db, actor, promotion, now);
}

export const bonusKeyOf = (applicationId: number) => `promotion-bonus:${applicationId}`;

/**
 * Pays an application's bonus through the ledger and moves it from `from` to
 * `to` in the same database transaction. Idempotent: a replay (or a
 * concurrent payment of the same application) pays nothing more.
 */
async function payBonus(
  db: Database,
  application: PromotionApplicationRow,
  amount: number,
  transition: { from: ApplicationStatus; to: ApplicationStatus },
  now: Date,
): Promise<void> {
  await postTransaction(
    db,
    {
      merchantId: application.merchantCode,
      idempotencyKey: bonusKeyOf(application.id),
      kind: 'bonus',
      postings: [
        { account: { kind: 'house' }, amount: -amount },
        { account: { kind: 'member', memberId: application.memberId }, amount },
      ],
      meta: { promotionId: application.promotionId, applicationId: application.id },
    },
    {
      afterPost: async (trx, { transactionId }) => {
        const updated = await trx
          .update(promotionApplications)
          .set({ status: transition.to, paidAt: now, paidAmount: amount, ledgerTransactionId: transactionId })
          .where(and(eq(promotionApplications.id, application.id), eq(promotionApplications.status, transition.from)))
          .returning({ id: promotionApplications.id });
        if (!updated.length) throw new AppError(409, errorCodes.applicationNotClaimable, 'This bonus cannot be paid.');
      },
    },
  );
}

/**
 * Claims the bonus of the member's own approved application: the ledger pays
 * it once; a repeated, concurrent or replayed claim answers the same. Another
 * member's application answers as a missing one.
 */
export async function claimBonus(db: Database, actor: Actor, body: { applicationId: number }, now: Date): Promise<{ promotion: Promotion; amount: number }> {
  rejectTrial(actor.member);
  let application = await findApplication(db, actor.merchantCode, body.applicationId);
  if (!application || application.memberId !== actor.member.id) throw applicationNotFound();
  const promotion = await findPromotion(db, actor.merchantCode, application.promotionId);
  if (!promotion) throw applicationNotFound();
  if (application.status === 'approved') {
    await payBonus(db, application, promotion.bonusAmount, { from: 'approved', to: 'claimed' }, now);
    application = await findApplication(db, actor.merchantCode, application.id);
  }
  if (application?.status !== 'claimed' || application.paidAmount === null) {
    throw new AppError(409, errorCodes.applicationNotClaimable, 'This application has no bonus to claim.');
  }
  return { promotion: await viewOf(db, actor, promotion, now), amount: application.paidAmount };
}

// ------------------------------------------------------------------ operator

export interface NewPromotion {
  merchantCode: string;
  titles: LocalisedText;
  contents: LocalisedText;
  mode: PromotionMode;
  bonusAmount: number;
  startDate: string;
  endDate: string | null;
  categoryIds: number[];
}

/** Creates a promotion (contents stripped of scripts) with its main image and category links. */
export async function createPromotion(db: Database, input: NewPromotion): Promise<PromotionRow> {
  if (!(promotionModes as readonly string[]).includes(input.mode)) throw AppError.invalid('The mode is apply or join.');
  if (!Number.isSafeInteger(input.bonusAmount) || input.bonusAmount <= 0) throw AppError.invalid('The bonus must be more than 0.');
  if (input.endDate !== null && input.endDate < input.startDate) throw AppError.invalid('The end date is before the start date.');
  for (const id of input.categoryIds) {
    if (!(await findCategory(db, input.merchantCode, id))) throw AppError.notFound(`No promotion category ${id}.`);
  }
  const contents = Object.fromEntries(Object.entries(input.contents).map(([language, html]) => [language.toUpperCase(), stripScripts(html)]));
  const titles = Object.fromEntries(Object.entries(input.titles).map(([language, title]) => [language.toUpperCase(), title]));
  return db.transaction(async (trx) => {
    const [row] = await trx
      .insert(promotions)
      .values({ merchantCode: input.merchantCode, titles, contents, mode: input.mode, bonusAmount: input.bonusAmount, startDate: input.startDate, endDate: input.endDate })
      .returning();
    if (!row) throw new Error('promotion not created');
    await trx.insert(promotionImages).values({ promotionId: row.id, sequence: 1, label: titles.EN ?? Object.values(titles)[0] ?? '' });
    if (input.categoryIds.length) {
      await trx.insert(promotionCategoryLinks).values(input.categoryIds.map((categoryId) => ({ promotionId: row.id, categoryId })));
    }
    return row;
  });
}

export async function createCategory(db: Database, input: { merchantCode: string; titles: LocalisedText; sequence: number; iconUrl?: string | null }) {
  const [row] = await db
    .insert(promotionCategories)
    .values({ merchantCode: input.merchantCode, titles: input.titles, sequence: input.sequence, iconUrl: input.iconUrl ?? null })
    .returning();
  if (!row) throw new Error('category not created');
  return row;
}

/** Approves or rejects a pending application (a decision is final). */
export async function reviewApplication(
  db: Database,
  merchantCode: string,
  applicationId: number,
  decision: { approve: true } | { approve: false; reason: string },
  now: Date,
): Promise<PromotionApplicationRow> {
  const application = await findApplication(db, merchantCode, applicationId);
  if (!application) throw new AppError(404, errorCodes.applicationNotFound, `No application ${applicationId}.`);
  if (application.status !== 'pending') {
    throw new AppError(409, errorCodes.invalidRequest, `Application ${applicationId} is ${application.status}, not pending: it was already decided.`);
  }
  const [updated] = await db
    .update(promotionApplications)
    .set(
      decision.approve
        ? { status: 'approved', reviewedAt: now }
        : { status: 'rejected', reviewedAt: now, rejectReason: decision.reason.trim() },
    )
    .where(and(eq(promotionApplications.id, application.id), eq(promotionApplications.status, 'pending')))
    .returning();
  if (!updated) throw new AppError(409, errorCodes.invalidRequest, `Application ${applicationId} was decided meanwhile.`);
  return updated;
}

/**
 * Issues the bonus of a join promotion to every member who joined: one ledger
 * transaction per participation (idempotent), so running it again pays only
 * those who joined since. Answers the participations paid now.
 */
export async function issueBonuses(db: Database, merchantCode: string, promotionId: number, now: Date): Promise<{ issued: PromotionApplicationRow[]; alreadyIssued: number }> {
  const promotion = await findPromotion(db, merchantCode, promotionId);
  if (!promotion) throw new AppError(404, errorCodes.promotionNotFound, `No promotion ${promotionId}.`);
  if (promotion.mode !== 'join') throw new AppError(400, errorCodes.promotionModeInvalid, `Promotion ${promotionId} is of mode ${promotion.mode}: its bonuses are claimed by the members.`);
  const rows = await db
    .select()
    .from(promotionApplications)
    .where(eq(promotionApplications.promotionId, promotion.id));
  const issued: PromotionApplicationRow[] = [];
  for (const row of rows.filter((r) => r.status === 'joined')) {
    await payBonus(db, row, promotion.bonusAmount, { from: 'joined', to: 'issued' }, now);
    const after = await findApplication(db, merchantCode, row.id);
    if (after) issued.push(after);
  }
  return { issued, alreadyIssued: rows.filter((r) => r.status === 'issued').length };
}
