/**
 * Operator commands on promotions (`npm run admin -- promotions ...`): create
 * a promotion, list promotions and categories, list applications, approve or
 * reject a pending application, and issue the bonus of a join promotion to
 * everyone who joined (through the ledger, once per participation). Run by
 * the admin CLI directly or through the running server's admin listener, like
 * the other operator commands (server/admin/commands.ts). See docs/promotions.md.
 */
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { promotionModes } from '../../../contract/promotions.ts';
import type { Database } from '../../db/connect.ts';
import { merchants } from '../../db/schema.ts';
import type { PromotionApplicationRow } from '../../db/schema-promotions.ts';
import { AppError } from '../../http/app-error.ts';
import { findAllPromotions, findApplicationImageInfo, findApplicationsForReview, findCategories, findCategoryLinks } from './queries.ts';
import { localised } from '../../lib/localised.ts';
import { createPromotion, issueBonuses, reviewApplication, todayUtc } from './service.ts';

const merchant = z.string().check(z.minLength(1), z.maxLength(32));
const id = z.number().check(z.int(), z.positive(), z.maximum(2 ** 53 - 1));
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const datePattern = /^\d{4}-\d{2}-\d{2}$/;
export const amountPattern = /^\d{1,12}(\.\d{1,4})?$/;
export const applicationListStatuses = ['pending', 'all'] as const;

export const promotionCommandSchemas = [
  z.object({
    kind: z.literal('promotions.create'),
    merchant,
    title: z.string().check(z.minLength(1), z.maxLength(200)),
    titleCn: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    content: z.string().check(z.minLength(1), z.maxLength(100_000)),
    contentCn: z.optional(z.string().check(z.minLength(1), z.maxLength(100_000))),
    mode: z.enum(promotionModes),
    bonus: z.string().check(z.regex(amountPattern)),
    categoryId: z.optional(id),
    start: z.optional(isoDate),
    end: z.optional(isoDate),
  }),
  z.object({ kind: z.literal('promotions.list'), merchant }),
  z.object({ kind: z.literal('promotions.categories'), merchant }),
  z.object({ kind: z.literal('promotions.applications'), merchant, status: z.enum(applicationListStatuses) }),
  z.object({ kind: z.literal('promotions.approve'), merchant, id }),
  z.object({ kind: z.literal('promotions.reject'), merchant, id, reason: z.string().check(z.minLength(1), z.maxLength(500)) }),
  z.object({ kind: z.literal('promotions.issue'), merchant, id }),
] as const;

export type PromotionCommand = z.infer<(typeof promotionCommandSchemas)[number]>;

export interface PromotionAdminRow {
  id: number;
  title: string;
  mode: string;
  bonusAmount: number;
  startDate: string;
  endDate: string | null;
  categoryIds: number[];
}

export interface ApplicationAdminRow {
  id: number;
  promotionId: number;
  username: string;
  status: string;
  comment: string;
  rejectReason: string | null;
  paidAmount: number | null;
  createdAt: string;
  images: { sequence: number; name: string; contentType: string; byteSize: number; sha256: string; path: string }[];
}

/** What a promotions command answers (one of the lists; `issued` for promotions issue). */
export interface PromotionsView {
  promotionsAdmin: {
    promotions?: PromotionAdminRow[];
    categories?: { id: number; titles: Record<string, string>; sequence: number }[];
    applications?: ApplicationAdminRow[];
    issued?: { count: number; alreadyIssued: number; amount: number };
    minorUnits: number;
  };
}

export function isPromotionCommand(command: { kind: string }): command is PromotionCommand {
  return command.kind.startsWith('promotions.');
}

/** A decimal amount ("88.00") in minor units of the merchant's currency. */
export function toMinorUnits(amount: string, minorUnits: number): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  if (!amountPattern.test(amount) || fraction.length > minorUnits) {
    throw AppError.invalid(`Invalid amount "${amount}" (at most ${minorUnits} decimals).`);
  }
  return Number(whole) * 10 ** minorUnits + Number(fraction.padEnd(minorUnits, '0') || '0');
}

const validDate = (value: string) => datePattern.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

async function applicationRows(db: Database, rows: { application: PromotionApplicationRow; username: string }[]): Promise<ApplicationAdminRow[]> {
  const images = await findApplicationImageInfo(
    db,
    rows.map((r) => r.application.id),
  );
  return rows.map(({ application: a, username }) => ({
    id: a.id,
    promotionId: a.promotionId,
    username,
    status: a.status,
    comment: a.comment,
    rejectReason: a.rejectReason,
    paidAmount: a.paidAmount,
    createdAt: a.createdAt.toISOString(),
    images: images
      .filter((i) => i.applicationId === a.id)
      .map((i) => ({ ...i, path: `/wps/promotions/applications/${a.id}/images/${i.sequence}` })),
  }));
}

async function promotionRows(db: Database, merchantCode: string): Promise<PromotionAdminRow[]> {
  const rows = await findAllPromotions(db, merchantCode);
  const links = await findCategoryLinks(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: localised(r.titles, ['EN']),
    mode: r.mode,
    bonusAmount: r.bonusAmount,
    startDate: r.startDate,
    endDate: r.endDate,
    categoryIds: links.filter((l) => l.promotionId === r.id).map((l) => l.categoryId),
  }));
}

export async function executePromotionCommand(db: Database, command: PromotionCommand, now = new Date()): Promise<PromotionsView> {
  const [row] = await db.select({ minorUnits: merchants.minorUnits }).from(merchants).where(eq(merchants.code, command.merchant)).limit(1);
  const minorUnits = row?.minorUnits ?? 2;
  const view = (part: Omit<PromotionsView['promotionsAdmin'], 'minorUnits'>): PromotionsView => ({ promotionsAdmin: { ...part, minorUnits } });
  const oneApplication = async (applicationId: number) => {
    const rows = (await findApplicationsForReview(db, command.merchant, null)).filter((r) => r.application.id === applicationId);
    return view({ applications: await applicationRows(db, rows) });
  };
  switch (command.kind) {
    case 'promotions.create': {
      const start = command.start ?? todayUtc(now);
      for (const date of [start, command.end]) {
        if (date !== undefined && !validDate(date)) throw AppError.invalid(`Invalid date "${date}" (YYYY-MM-DD).`);
      }
      const created = await createPromotion(db, {
        merchantCode: command.merchant,
        titles: { EN: command.title, ...(command.titleCn ? { CN: command.titleCn } : {}) },
        contents: { EN: command.content, ...(command.contentCn ? { CN: command.contentCn } : {}) },
        mode: command.mode,
        bonusAmount: toMinorUnits(command.bonus, minorUnits),
        startDate: start,
        endDate: command.end ?? null,
        categoryIds: command.categoryId === undefined ? [] : [command.categoryId],
      });
      return view({ promotions: (await promotionRows(db, command.merchant)).filter((p) => p.id === created.id) });
    }
    case 'promotions.list':
      return view({ promotions: await promotionRows(db, command.merchant) });
    case 'promotions.categories':
      return view({
        categories: (await findCategories(db, command.merchant)).map((c) => ({ id: c.id, titles: c.titles, sequence: c.sequence })),
      });
    case 'promotions.applications':
      return view({
        applications: await applicationRows(db, await findApplicationsForReview(db, command.merchant, command.status === 'all' ? null : ['pending'])),
      });
    case 'promotions.approve':
      await reviewApplication(db, command.merchant, command.id, { approve: true }, now);
      return oneApplication(command.id);
    case 'promotions.reject':
      await reviewApplication(db, command.merchant, command.id, { approve: false, reason: command.reason }, now);
      return oneApplication(command.id);
    case 'promotions.issue': {
      const { issued, alreadyIssued } = await issueBonuses(db, command.merchant, command.id, now);
      return view({ issued: { count: issued.length, alreadyIssued, amount: issued.reduce((sum, a) => sum + (a.paidAmount ?? 0), 0) } });
    }
  }
}

function money(minor: number, minorUnits: number): string {
  const scale = 10 ** minorUnits;
  const whole = Math.floor(minor / scale).toLocaleString('en-US');
  return minorUnits ? `${whole}.${String(minor % scale).padStart(minorUnits, '0')}` : whole;
}

/** The CLI's text of a promotions command. */
export function formatPromotions(view: PromotionsView): string {
  const { promotions, categories, applications, issued, minorUnits } = view.promotionsAdmin;
  if (issued) {
    return `Issued ${issued.count} bonus${issued.count === 1 ? '' : 'es'} (${money(issued.amount, minorUnits)} in all); ${issued.alreadyIssued} issued before.`;
  }
  if (promotions) {
    if (!promotions.length) return '(no promotions)';
    return promotions
      .map(
        (p) =>
          `#${p.id}  ${p.mode.padEnd(5)}  ${money(p.bonusAmount, minorUnits).padStart(10)}  ${p.startDate} – ${p.endDate ?? 'no expiry'}  ${p.title}${p.categoryIds.length ? `  [categories ${p.categoryIds.join(', ')}]` : ''}`,
      )
      .join('\n');
  }
  if (categories) {
    if (!categories.length) return '(no categories)';
    return categories.map((c) => `#${c.id}  ${Object.entries(c.titles)
          .sort(([a], [b]) => (a === 'EN' ? -1 : b === 'EN' ? 1 : a.localeCompare(b)))
          .map(([language, title]) => `${language}: ${title}`).join('  ')}`).join('\n');
  }
  if (!applications?.length) return '(no applications)';
  return applications
    .map((a) => {
      const head = `#${a.id}  promotion #${a.promotionId}  ${a.status.padEnd(8)}  ${a.username}  ${a.createdAt}`;
      const lines = [head];
      if (a.comment) lines.push(`    comment: ${a.comment}`);
      if (a.rejectReason) lines.push(`    reason: ${a.rejectReason}`);
      if (a.paidAmount !== null) lines.push(`    paid: ${money(a.paidAmount, minorUnits)}`);
      for (const i of a.images) lines.push(`    image ${i.sequence}: ${i.name} (${i.contentType}, ${i.byteSize} bytes, sha256 ${i.sha256}) ${i.path}`);
      return lines.join('\n');
    })
    .join('\n');
}
