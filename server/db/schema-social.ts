/**
 * Social login (docs/social-login.md): the provider accounts linked to
 * members, and the sign-ins under way (one row from the start to the
 * exchange of its ticket).
 */
import { bigint, boolean, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { members, merchants } from './schema.ts';

export const socialLinks = pgTable(
  'social_links',
  {
    merchantCode: varchar('merchant_code', { length: 32 })
      .notNull()
      .references(() => merchants.code, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** The provider's subject identifier (the `sub` claim of its ID token). */
    subject: varchar('subject', { length: 255 }).notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_links_subject_uq').on(t.merchantCode, t.provider, t.subject),
    uniqueIndex('social_links_member_provider_uq').on(t.memberId, t.provider),
  ],
);
export type SocialLinkRow = typeof socialLinks.$inferSelect;

export const socialFlows = pgTable(
  'social_flows',
  {
    /** SHA-256 of the `state` sent to the provider (the flow cookie holds the state itself). */
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 32 })
      .notNull()
      .references(() => merchants.code, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
    redirectUri: varchar('redirect_uri', { length: 512 }).notNull(),
    /** Linking: the signed-in member who started it; null for a sign-in. */
    linkMemberId: bigint('link_member_id', { mode: 'number' }),
    remember: boolean('remember').notNull().default(false),
    deviceId: varchar('device_id', { length: 128 }),
    /** Set by the callback: the member signed in, and the SHA-256 of the ticket handed to the page. */
    memberId: bigint('member_id', { mode: 'number' }),
    ticketHash: varchar('ticket_hash', { length: 64 }),
    createdAt: timestamptz('created_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    exchangedAt: timestamptz('exchanged_at'),
  },
  (t) => [uniqueIndex('social_flows_ticket_uq').on(t.ticketHash), index('social_flows_created_idx').on(t.createdAt)],
);
export type SocialFlowRow = typeof socialFlows.$inferSelect;
