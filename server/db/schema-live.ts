/**
 * Live stream rooms (spec sections 2, 3 and 7: live models, active and
 * streaming; module CBS3). A room is listed while `active`; it plays its
 * `streamUrl` while `streaming`. See docs/live.md.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { merchants } from './schema.ts';

export const liveRooms = pgTable(
  'live_rooms',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 32 })
      .notNull()
      .references(() => merchants.code, { onDelete: 'cascade' }),
    /** The host's display name. */
    hostName: varchar('host_name', { length: 64 }).notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    /** Listed on the site. */
    active: boolean('active').notNull().default(true),
    /** On air: the room plays its stream. */
    streaming: boolean('streaming').notNull().default(false),
    /** The stream's address (a path on this server, or an https URL). */
    streamUrl: text('stream_url'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('live_rooms_merchant_idx').on(t.merchantCode, t.sort),
    check('live_rooms_stream_ck', sql`not ${t.streaming} or ${t.streamUrl} is not null`),
  ],
);
export type LiveRoomRow = typeof liveRooms.$inferSelect;
