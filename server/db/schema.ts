/**
 * The Drizzle schema (PostgreSQL dialect, shared by PGlite and node-postgres),
 * core part: merchants, members and the identity tables. The other areas have
 * their own files, which import these tables and are never imported here:
 * `schema-catalogue.ts`, `schema-lobby.ts`, `schema-wallet.ts`,
 * `schema-play.ts`. `connect.ts` gives the Drizzle client all five, and
 * migrations are generated from all five with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { FieldRule, RegisterField } from '../../contract/member.ts';
import type { Switches } from '../../contract/system.ts';

export const merchants = pgTable(
  'merchants',
  {
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
    /** Overrides of the default registration field rules (server/modules/member/registration-rules.ts). */
    registrationFields: jsonb('registration_fields')
      .$type<Partial<Record<RegisterField, Partial<FieldRule>>>>()
      .notNull()
      .default({}),
    /** The points mall's rate: the turnover (minor units) that earns one point (server/modules/loyalty/mall.ts; `npm run admin -- mall rate`). */
    mallTurnoverPerPoint: bigint('mall_turnover_per_point', { mode: 'number' }).notNull().default(1000),
    /** The agent menu's permission keys granted to the merchant's agents (contract/agent.ts; `npm run admin -- agent menu`). */
    agentMenu: jsonb('agent_menu').$type<string[]>().notNull().default(sql`'["AGEPAG","TRANSREC3","DOWNMAN","AGENTRANSMULTDOWN3","AGETEAMPNL3","TEAMBETTING3","GAMSER","AGEREBINC3","SECPRIV","MAILCEN"]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('merchants_mall_rate_ck', sql`${t.mallTurnoverPerPoint} > 0`)],
);

export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Raw bytes (PostgreSQL bytea); node-postgres gives a Buffer, PGlite a Uint8Array.
 * Defined here (the other schema files import it from here) because
 * columns.ts imports this file.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/**
 * Members of every type (house plan): 0 and 40 members, 1, 2, 41, 42 agents,
 * 4 trial. Usernames are unique per merchant ignoring case; mobile numbers
 * (dialing code + national number, digits only) are unique per merchant.
 */
export const members = pgTable(
  'members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 32 })
      .notNull()
      .references(() => merchants.code),
    username: varchar('username', { length: 32 }).notNull(),
    dialingCode: varchar('dialing_code', { length: 4 }),
    mobileNumber: varchar('mobile_number', { length: 16 }),
    email: varchar('email', { length: 254 }),
    /** argon2id (PHC string); null for trial members, who cannot log in with a password. */
    passwordHash: text('password_hash'),
    paymentPasswordHash: text('payment_password_hash'),
    type: smallint('type').notNull(),
    /** The agent whose downline this member is. */
    parentId: bigint('parent_id', { mode: 'number' }),
    /** Agents' invitation code (upper case). */
    affiliateCode: varchar('affiliate_code', { length: 32 }),
    nickname: varchar('nickname', { length: 64 }),
    payeeName: varchar('payee_name', { length: 128 }),
    birthday: date('birthday', { mode: 'string' }),
    idNumber: varchar('id_number', { length: 64 }),
    recommenderId: varchar('recommender_id', { length: 64 }),
    /** The member whose referral link (REFERRAL3, contract/referral.ts) this member registered with. */
    referrerId: bigint('referrer_id', { mode: 'number' }),
    /** qqNum, facebook, wechat, line, whatsapp, zalo. */
    contacts: jsonb('contacts').$type<Record<string, string>>().notNull().default({}),
    vipLabel: varchar('vip_label', { length: 64 }),
    status: varchar('status', { length: 16 }).$type<'active' | 'disabled'>().notNull().default('active'),
    firstTimeLogin: boolean('first_time_login').notNull().default(false),
    passwordChangedAt: timestamptz('password_changed_at'),
    registerMethod: varchar('register_method', { length: 16 }),
    registerUrl: text('register_url'),
    registerIp: varchar('register_ip', { length: 64 }),
    /** When the head icon (member_icons) last changed; null without one. `/wps/member/info` answers it as `iconVersion`. */
    iconChangedAt: timestamptz('icon_changed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_merchant_username_uq').on(t.merchantCode, sql`lower(${t.username})`),
    uniqueIndex('members_merchant_mobile_uq').on(t.merchantCode, t.dialingCode, t.mobileNumber),
    uniqueIndex('members_merchant_affiliate_uq').on(t.merchantCode, t.affiliateCode),
    index('members_mobile_idx').on(t.merchantCode, t.mobileNumber),
    index('members_parent_idx').on(t.parentId),
    index('members_referrer_idx').on(t.referrerId, t.createdAt),
    index('members_register_ip_idx').on(t.merchantCode, t.registerIp, t.createdAt),
  ],
);
export type MemberRow = typeof members.$inferSelect;
export type NewMemberRow = typeof members.$inferInsert;

/**
 * A member's head icon (spec section 9: png or jpg, at most 5 MB), set by the
 * member on /m/myAccount/index; `members.icon_changed_at` changes with it.
 */
export const memberIcons = pgTable(
  'member_icons',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    contentType: varchar('content_type', { length: 16 }).$type<'image/png' | 'image/jpeg'>().notNull(),
    data: bytea('data').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('member_icons_type_ck', sql`${t.contentType} in ('image/png', 'image/jpeg')`),
    check('member_icons_size_ck', sql`octet_length(${t.data}) between 1 and 5242880`),
  ],
);
export type MemberIconRow = typeof memberIcons.$inferSelect;

/**
 * A member's identity check (the KYC center, contract/kyc.ts): the front and
 * the back of an ID document (png or jpg, at most 5 MB each), the status the
 * operator sets (`kyc approve|reject`), and the reason of a rejection. One row
 * per member; sending again after a rejection replaces the images.
 */
export const memberKyc = pgTable(
  'member_kyc',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).$type<'pending' | 'approved' | 'rejected'>().notNull(),
    frontType: varchar('front_type', { length: 16 }).$type<'image/png' | 'image/jpeg'>().notNull(),
    front: bytea('front').notNull(),
    backType: varchar('back_type', { length: 16 }).$type<'image/png' | 'image/jpeg'>().notNull(),
    back: bytea('back').notNull(),
    reason: text('reason'),
    submittedAt: timestamptz('submitted_at').notNull(),
    reviewedAt: timestamptz('reviewed_at'),
  },
  (t) => [
    index('member_kyc_status_idx').on(t.status, t.submittedAt),
    check('member_kyc_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('member_kyc_types_ck', sql`${t.frontType} in ('image/png', 'image/jpeg') and ${t.backType} in ('image/png', 'image/jpeg')`),
    check('member_kyc_size_ck', sql`octet_length(${t.front}) between 1 and 5242880 and octet_length(${t.back}) between 1 and 5242880`),
  ],
);
export type MemberKycRow = typeof memberKyc.$inferSelect;

/**
 * The answers of a member's security questions (the security center): one row
 * per question in the order the member gave them (`position` from 0), each
 * question once, only the argon2id hash of the normalised answer. Customer
 * service checks a caller's answer with `members answer-check`.
 */
export const memberSecurityAnswers = pgTable(
  'member_security_answers',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    questionId: varchar('question_id', { length: 32 }).notNull(),
    answerHash: text('answer_hash').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.position] }),
    uniqueIndex('member_security_answers_question_uq').on(t.memberId, t.questionId),
    check('member_security_answers_position_ck', sql`${t.position} >= 0 and ${t.position} < 8`),
  ],
);
export type MemberSecurityAnswerRow = typeof memberSecurityAnswers.$inferSelect;

/**
 * Sessions: only the SHA-256 of the 256-bit token is stored. `web` sessions
 * (the Authorization token) end after 30 idle minutes or 12 hours; `device`
 * sessions are remember-me tokens (30 days, bound to a device id) that can be
 * exchanged for a new web session. `revokeReason`: replaced (a newer login),
 * logout, rotated (a device token exchanged), password (password changed),
 * reuse (an exchanged device token used again), elsewhere (the member signed
 * out everywhere else from the security center). `userAgent` is the
 * browser's User-Agent at login, shown to the member as a short device label.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<'web' | 'device'>().notNull(),
    deviceId: varchar('device_id', { length: 128 }),
    clientIp: varchar('client_ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    /** Absolute end. */
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokeReason: varchar('revoke_reason', { length: 16 }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_member_idx').on(t.memberId, t.kind).where(sql`${t.revokedAt} is null`),
    // The agency centre's logins of a team over a range (server/modules/agent).
    index('sessions_member_created_idx').on(t.memberId, t.createdAt),
  ],
);
export type SessionRow = typeof sessions.$inferSelect;

/** Failed logins: the account (lower-cased identifier) and the client (IP, device id), for captcha and lockout. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 32 }).notNull(),
    accountKey: varchar('account_key', { length: 80 }).notNull(),
    clientIp: varchar('client_ip', { length: 64 }).notNull(),
    deviceId: varchar('device_id', { length: 128 }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.merchantCode, t.accountKey, t.createdAt),
    index('login_failures_ip_idx').on(t.merchantCode, t.clientIp, t.createdAt),
    index('login_failures_device_idx').on(t.merchantCode, t.deviceId, t.createdAt),
  ],
);

/** Captchas: the SHA-256 of the answer (salted with the id), single use. */
export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey(),
    answerHash: varchar('answer_hash', { length: 64 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/**
 * SMS and e-mail codes: hashed, 5 minutes, 5 checks. `target` is `+<digits>`
 * for SMS and the lower-cased address for e-mail; `memberId` ties e-mailed
 * password-reset codes to their member.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 32 }).notNull(),
    channel: varchar('channel', { length: 8 }).$type<'sms' | 'email'>().notNull(),
    target: varchar('target', { length: 254 }).notNull(),
    purpose: varchar('purpose', { length: 24 }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    /** Who asked for the code (budgets per client address and device, docs/identity.md). */
    clientIp: varchar('client_ip', { length: 64 }),
    deviceId: varchar('device_id', { length: 128 }),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.merchantCode, t.channel, t.target, t.purpose, t.createdAt),
    index('verification_codes_member_idx').on(t.memberId, t.purpose, t.createdAt),
    index('verification_codes_ip_idx').on(t.merchantCode, t.channel, t.clientIp, t.createdAt),
    index('verification_codes_device_idx').on(t.merchantCode, t.channel, t.deviceId, t.createdAt),
    index('verification_codes_created_idx').on(t.merchantCode, t.channel, t.createdAt),
  ],
);

/** Messages of the local outbox provider (the default in development). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 32 }).notNull(),
    channel: varchar('channel', { length: 8 }).$type<'sms' | 'email'>().notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('outbox_recipient_idx').on(t.merchantCode, t.recipient, t.createdAt)],
);

/**
 * Symmetric keys of the server by use (`game-launch`: the key that seals launch tokens): 32 random
 * bytes, created by the first process that needs one and shared by every process of the database.
 */
export const secretKeys = pgTable('secret_keys', {
  name: varchar('name', { length: 32 }).primaryKey(),
  /** 32 bytes, base64. Never leaves the server. */
  secret: text('secret').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** RSA key pairs for encrypted bodies; generated at first start, kept across restarts. */
export const rsaKeys = pgTable('rsa_keys', {
  id: varchar('id', { length: 32 }).primaryKey(),
  /** SubjectPublicKeyInfo DER, base64. */
  publicKeySpki: text('public_key_spki').notNull(),
  /** PKCS#8 PEM. Never leaves the server. */
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** A retired key still decrypts (for a while) but is no longer offered. */
  retiredAt: timestamptz('retired_at'),
});

/**
 * The request-rate windows of the API rate limit when processes share a PostgreSQL
 * (server/http/rate-limit-store.ts): hits of a key (client address) in the window that started at `startedMs`.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: varchar('key', { length: 200 }).primaryKey(),
  /** Start of the current window, ms since the epoch. */
  startedMs: bigint('started_ms', { mode: 'number' }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * Runs of scheduled jobs (server/lib/scheduled-jobs.ts): one row per job and time slot, claimed by the
 * first process whose timer fires, so that with several processes a slot runs once. A claim whose
 * process died (not finished within the job's lease) is taken over by the next process that looks.
 */
export const scheduledJobRuns = pgTable(
  'scheduled_job_runs',
  {
    job: varchar('job', { length: 64 }).notNull(),
    /** The slot: floor(time / the job's period). */
    slot: bigint('slot', { mode: 'number' }).notNull(),
    /** Who runs it: host and pid. */
    runner: varchar('runner', { length: 128 }).notNull(),
    claimedAt: timestamptz('claimed_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    /** Attempts so far (a take-over adds one). */
    attempts: integer('attempts').notNull().default(1),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);
