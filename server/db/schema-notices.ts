/**
 * Which announcements each member has read (spec sections 3 and 4: an
 * announcement goes from unread to read when the member opens it and the
 * server is told). One row per member and announcement, written once; an
 * announcement without a row is unread for that member. See docs/messaging.md.
 */
import { bigint, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { announcements } from './schema-catalogue.ts';
import { members } from './schema.ts';

export const announcementReads = pgTable(
  'announcement_reads',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.announcementId] }), index('announcement_reads_announcement_idx').on(t.announcementId)],
);
export type AnnouncementReadRow = typeof announcementReads.$inferSelect;
