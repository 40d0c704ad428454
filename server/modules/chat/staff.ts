/**
 * Customer-service staff: accounts the operator creates (`npm run admin --
 * staff add ...`), their logins and sessions. Passwords are argon2id hashes
 * (as members'); a login answers a random token whose SHA-256 only is stored,
 * valid for `staffSessionMs`. Failed logins of one account name are counted
 * per process: after `staffLoginFailureLimit` of them within the window, that
 * name is refused (429) until the window ends; every login is also under the
 * route's per-address rate limit.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { chatErrorCodes } from '../../../contract/chat.ts';
import type { Database } from '../../db/connect.ts';
import { chatStaff, chatStaffSessions } from '../../db/schema-chat.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, verifyPassword } from '../member/passwords.ts';
import { hashToken, newToken } from '../session/tokens.ts';
import type { StaffRef } from './service.ts';

export const staffSessionMs = 12 * 60 * 60 * 1000;
export const staffLoginFailureLimit = 5;
export const staffLoginWindowMs = 15 * 60 * 1000;

const loginFailed = () => new AppError(401, chatErrorCodes.staffLoginFailed, 'Wrong account name or password.');
const sessionInvalid = () => new AppError(401, chatErrorCodes.unauthorized, 'Please log in to the staff console again.');

export interface StaffAccounts {
  login(merchantCode: string, username: string, password: string): Promise<{ token: string; staff: StaffRef }>;
  /** The staff member of a token, or 401. */
  authenticate(merchantCode: string, token: string | null): Promise<StaffRef>;
  logout(token: string | null): Promise<void>;
}

export function createStaffAccounts(db: Database, now: () => Date): StaffAccounts {
  const failures = new Map<string, { count: number; until: number }>();
  return {
    async login(merchantCode, username, password) {
      const key = `${merchantCode}|${username.toLowerCase()}`;
      const time = now().getTime();
      const seen = failures.get(key);
      if (seen && seen.until <= time) failures.delete(key);
      if (seen && seen.until > time && seen.count >= staffLoginFailureLimit) {
        throw new AppError(429, chatErrorCodes.staffLoginThrottled, 'Too many failed logins: try again later.');
      }
      const [row] = await db
        .select()
        .from(chatStaff)
        .where(and(eq(chatStaff.merchantCode, merchantCode), eq(chatStaff.username, username.toLowerCase())));
      const ok = await verifyPassword(row?.passwordHash, password);
      if (!row || !ok || row.disabled) {
        const current = failures.get(key);
        failures.set(key, { count: (current?.count ?? 0) + 1, until: current?.until ?? time + staffLoginWindowMs });
        throw loginFailed();
      }
      failures.delete(key);
      const token = newToken();
      await db.delete(chatStaffSessions).where(lt(chatStaffSessions.expiresAt, now()));
      await db.insert(chatStaffSessions).values({ tokenHash: hashToken(token), staffId: row.id, expiresAt: new Date(time + staffSessionMs) });
      return { token, staff: { id: row.id, merchantCode, name: row.displayName } };
    },
    async authenticate(merchantCode, token) {
      if (!token) throw sessionInvalid();
      const [row] = await db
        .select({ id: chatStaff.id, name: chatStaff.displayName, merchantCode: chatStaff.merchantCode, disabled: chatStaff.disabled })
        .from(chatStaffSessions)
        .innerJoin(chatStaff, eq(chatStaff.id, chatStaffSessions.staffId))
        .where(and(eq(chatStaffSessions.tokenHash, hashToken(token)), gt(chatStaffSessions.expiresAt, now())));
      if (!row || row.disabled || row.merchantCode !== merchantCode) throw sessionInvalid();
      return { id: row.id, merchantCode: row.merchantCode, name: row.name };
    },
    async logout(token) {
      if (token) await db.delete(chatStaffSessions).where(eq(chatStaffSessions.tokenHash, hashToken(token)));
    },
  };
}

/** Operator: a staff account (its name in lower case), or a new password and name for an existing one. */
export async function saveStaff(db: Database, merchantCode: string, username: string, displayName: string, password: string) {
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(chatStaff)
    .values({ merchantCode, username: username.toLowerCase(), displayName, passwordHash })
    .onConflictDoUpdate({ target: [chatStaff.merchantCode, chatStaff.username], set: { displayName, passwordHash, disabled: false } })
    .returning({ id: chatStaff.id });
  return row!.id;
}

/** Operator: disables an account and ends its sessions. */
export async function disableStaff(db: Database, merchantCode: string, username: string): Promise<boolean> {
  const rows = await db
    .update(chatStaff)
    .set({ disabled: true })
    .where(and(eq(chatStaff.merchantCode, merchantCode), eq(chatStaff.username, username.toLowerCase())))
    .returning({ id: chatStaff.id });
  for (const row of rows) await db.delete(chatStaffSessions).where(eq(chatStaffSessions.staffId, row.id));
  return rows.length > 0;
}

export async function listStaff(db: Database, merchantCode: string) {
  return db
    .select({ id: chatStaff.id, username: chatStaff.username, name: chatStaff.displayName, disabled: chatStaff.disabled })
    .from(chatStaff)
    .where(eq(chatStaff.merchantCode, merchantCode))
    .orderBy(chatStaff.username);
}
