/**
 * Operator commands on announcements (`npm run admin -- announcements ...`):
 * publish one (content stripped of scripts on write, as every write of
 * server HTML is), list them, retire one (no longer shown to anyone; read
 * state stays). Run by the admin CLI directly or through the running
 * server's admin listener (server/admin/commands.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { announcementTypes } from '../../../contract/content.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import { announcements } from '../../db/schema-catalogue.ts';
import { AppError } from '../../http/app-error.ts';
import { stripScripts } from '../../lib/strip-scripts.ts';

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const merchant = z.string().check(z.minLength(1), z.maxLength(32));

export const announcementCommandSchemas = [
  z.object({
    kind: z.literal('announcements.publish'),
    merchant,
    type: z.enum(announcementTypes),
    title: z.string().check(z.minLength(1), z.maxLength(200)),
    content: z.string().check(z.minLength(1), z.maxLength(20_000)),
    language: z.string().check(z.regex(/^[A-Z]{2}(-[A-Z]{2})?$/)),
    group: z.optional(z.string().check(z.regex(/^[a-z_]{1,32}$/))),
    start: z.optional(isoDate),
    end: z.optional(isoDate),
  }),
  z.object({ kind: z.literal('announcements.list'), merchant }),
  z.object({ kind: z.literal('announcements.retire'), merchant, id: z.number().check(z.int(), z.positive()) }),
] as const;

export type AnnouncementCommand = z.infer<(typeof announcementCommandSchemas)[number]>;

export interface AnnouncementsView {
  announcements: {
    id: number;
    type: string;
    language: string;
    groupName: string | null;
    title: string;
    startDate: string;
    endDate: string | null;
    retired: boolean;
  }[];
}

export function isAnnouncementCommand(command: { kind: string }): command is AnnouncementCommand {
  return command.kind.startsWith('announcements.');
}

const columns = {
  id: announcements.id,
  type: announcements.type,
  language: announcements.language,
  groupName: announcements.groupName,
  title: announcements.title,
  startDate: announcements.startDate,
  endDate: announcements.endDate,
  retiredAt: announcements.retiredAt,
};
const view = (rows: { retiredAt: Date | null; id: number; type: string; language: string; groupName: string | null; title: string; startDate: string; endDate: string | null }[]): AnnouncementsView => ({
  announcements: rows.map(({ retiredAt, ...row }) => ({ ...row, retired: retiredAt !== null })),
});

export async function executeAnnouncementCommand(db: Database, command: AnnouncementCommand, now = new Date()): Promise<AnnouncementsView> {
  switch (command.kind) {
    case 'announcements.publish': {
      const startDate = command.start ?? now.toISOString().slice(0, 10);
      if (command.end !== undefined && command.end < startDate) throw AppError.invalid('--end is before --start.');
      const rows = await db
        .insert(announcements)
        .values({
          merchantCode: command.merchant,
          type: command.type,
          language: command.language,
          groupName: command.group ?? null,
          platform: 'ALL',
          title: command.title,
          content: stripScripts(command.content),
          startDate,
          endDate: command.end ?? null,
        })
        .returning(columns);
      return view(rows);
    }
    case 'announcements.list':
      return view(await db.select(columns).from(announcements).where(eq(announcements.merchantCode, command.merchant)).orderBy(desc(announcements.id)));
    case 'announcements.retire': {
      const rows = await db
        .update(announcements)
        .set({ retiredAt: now })
        .where(and(eq(announcements.merchantCode, command.merchant), eq(announcements.id, command.id)))
        .returning(columns);
      if (rows.length === 0) throw new AppError(404, errorCodes.announcementNotFound, `No announcement ${command.id}.`);
      return view(rows);
    }
  }
}

/** The CLI's text: one announcement a line. */
export function formatAnnouncements(v: AnnouncementsView): string {
  if (v.announcements.length === 0) return '(no announcements)';
  return v.announcements
    .map(
      (a) =>
        `${a.id}  ${a.type}  ${a.language}  ${a.groupName ?? '-'}  ${a.startDate}..${a.endDate ?? ''}  ${a.retired ? 'retired' : 'active'}  ${a.title}`,
    )
    .join('\n');
}
