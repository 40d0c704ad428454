/**
 * The Drizzle schema (PostgreSQL dialect, shared by PGlite and node-postgres).
 * Migrations are generated from this file with `npm run db:generate`.
 */
import { boolean, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { Switches } from '../../src/api/system.ts';

export const merchants = pgTable('merchants', {
  code: varchar('code', { length: 32 }).primaryKey(),
  name: text('name').notNull(),
  currencyCode: varchar('currency_code', { length: 3 }).notNull().default('PHP'),
  currencySymbol: text('currency_symbol').notNull().default('₱'),
  /** Digits after the decimal point; money is stored as integers of minor units. */
  minorUnits: smallint('minor_units').notNull().default(2),
  enabledLanguages: jsonb('enabled_languages').$type<string[]>().notNull().default(['EN']),
  defaultLanguage: varchar('default_language', { length: 8 }).notNull().default('EN'),
  switches: jsonb('switches').$type<Switches>().notNull(),
  maintenance: boolean('maintenance').notNull().default(false),
  maintenanceInfo: text('maintenance_info').notNull().default(''),
  /** CIDR ranges (IPv4 or IPv6) whose visitors get status 2. */
  restrictedIpRanges: jsonb('restricted_ip_ranges').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;
