/**
 * What members do in the lobby: favourite games and
 * game sessions. A launch creates a game session (only the SHA-256 of its
 * 256-bit token is stored; the token is the `/play/<token>` URL); recent games
 * are the member's game sessions, newest first, one entry per game, kept in
 * `member_recent_games` (one row per member and game, updated by each launch)
 * so the list reads a page instead of every session the member ever opened.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { games } from './schema-catalogue.ts';
import { members, merchants } from './schema.ts';

/** A member's favourite games (the client keeps them as lists of nodeId strings). */
export const favouriteGames = pgTable(
  'favourite_games',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index('favourite_games_member_created_idx').on(t.memberId, t.createdAt.desc()),
  ],
);

/**
 * One launch of a game by a member. The launch token (`/play/<token>`) opens
 * the page once, shortly after the launch; the page then plays with its own
 * session secret (an HttpOnly cookie) until `expires_at`.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the 256-bit token. */
    tokenHash: text('token_hash').notNull(),
    merchantCode: varchar('merchant', { length: 32 })
      .notNull()
      .references(() => merchants.code, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    freePlay: boolean('free_play').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** The launch token (token_hash) opens the page once, until then (docs/games-play.md). */
    launchExpiresAt: timestamptz('launch_expires_at'),
    /** When the launch token was exchanged for the page's session. */
    openedAt: timestamptz('opened_at'),
    /** SHA-256 (hex) of the page session's secret (an HttpOnly cookie), set when the page opens. */
    pageTokenHash: text('page_token_hash'),
  },
  (t) => [
    uniqueIndex('game_sessions_token_hash_uq').on(t.tokenHash),
    index('game_sessions_member_created_idx').on(t.memberId, t.createdAt.desc()),
    check('game_sessions_expiry_ck', sql`${t.expiresAt} > ${t.createdAt}`),
    check('game_sessions_token_hash_ck', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
export type GameSessionRow = typeof gameSessions.$inferSelect;

/** The last launch of each game by a member (written with every game session): the recent games list. */
export const memberRecentGames = pgTable(
  'member_recent_games',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    lastPlayedAt: timestamptz('last_played_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index('member_recent_games_member_last_idx').on(t.memberId, t.lastPlayedAt.desc()),
  ],
);
