import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { createIntl } from 'react-intl';
import { createApiClient } from '../../src/api/client.ts';
import { createSealer } from '../../contract/sealed.ts';
import { loginEndpoint } from '../../contract/session.ts';
import en from '../../contract/messages/en.json' with { type: 'json' };
import { demoMerchant } from '../../server/seed/seed.ts';

/** The brand the site shows: the demo merchant's configured name. */
export const brand = demoMerchant.name;

const run = promisify(execFile);

const intl = createIntl({ locale: 'en', messages: en });

/** The English copy of a message id, as a player reads it (formatted as the site formats it: plurals too). */
export function text(id: keyof typeof en, values: Record<string, string | number> = {}): string {
  return intl.formatMessage({ id }, values);
}

/** Runs the operator CLI against the database of the server under test. */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    timeout: 30_000,
  });
  return stdout;
}

/** A demo account of the seed (README). */
export interface DemoAccount {
  username: string;
  password: string;
}
export const demoAccounts = {
  player: { username: 'player1', password: 'Player#2026' },
  agent: { username: 'agent1', password: 'Agent#2026' },
} satisfies Record<string, DemoAccount>;

/** The session record the login screen stores (MC_SESSION_INFO). */
export interface SessionRecord {
  token: string;
  merchantCode: string;
  userName: string;
  type: number;
  firstTimeLogin: boolean;
}

/**
 * Logs an account in through the real (encrypted) login call from Node, as
 * the login screen does. A login replaces the account's earlier sessions, so
 * pages that work side by side share one record.
 */
export async function logIn(baseURL: string, account: DemoAccount): Promise<SessionRecord> {
  const call = createApiClient({
    baseURL,
    headers: () => ({ merchant: 'DEMO', deviceId: `e2e-${account.username}-${Date.now().toString(36)}` }),
    isOnline: () => true,
  });
  const login = await createSealer(call).call(loginEndpoint, { type: 'username', username: account.username, password: account.password });
  return { token: login.token, merchantCode: 'DEMO', userName: login.userName, type: login.type, firstTimeLogin: false };
}

/** Hands a logged-in session to the page before it loads, as the login screen leaves it in this tab. */
export async function giveSession(page: Page, session: SessionRecord) {
  await page.addInitScript((s) => sessionStorage.setItem('MC_SESSION_INFO', JSON.stringify(s)), session);
}
