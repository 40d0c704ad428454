import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test as base, type Page } from '@playwright/test';
import { createIntl } from 'react-intl';
import { createApiClient } from '../../src/api/client.ts';
import { createSealer } from '../../contract/sealed.ts';
import { loginEndpoint } from '../../contract/session.ts';
import en from '../../contract/messages/en.json' with { type: 'json' };
import { demoMerchant } from '../../server/seed/seed.ts';
import { clientAddress, clientHeaders, fetchFrom } from './client-address.ts';

export { expect } from '@playwright/test';

/**
 * The browser tests' `test`: every context a test's fixtures make (`page`,
 * `context`, `request`) sends the test's own client address
 * (client-address.ts), so no count the server keeps per address passes from
 * one test to another.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, ...clientHeaders(clientAddress()) });
  },
});

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

/** An account's credentials. */
export interface Account {
  username: string;
  password: string;
}

/** The session record the login screen stores (MC_SESSION_INFO). */
export interface SessionRecord {
  token: string;
  merchantCode: string;
  userName: string;
  type: number;
  firstTimeLogin: boolean;
}

/**
 * Logs an account in through the real (encrypted) login call from Node, from
 * the test's client address, as the login screen does. A login replaces the
 * account's earlier sessions, so pages that work side by side share one record.
 */
export async function logIn(baseURL: string, account: Account): Promise<SessionRecord> {
  const call = createApiClient({
    baseURL,
    headers: () => ({ merchant: 'DEMO', deviceId: `e2e-${account.username}-${Date.now().toString(36)}` }),
    isOnline: () => true,
    fetch: fetchFrom(),
  });
  const login = await createSealer(call).call(loginEndpoint, { type: 'username', username: account.username, password: account.password });
  return { token: login.token, merchantCode: 'DEMO', userName: login.userName, type: login.type, firstTimeLogin: false };
}

/** Hands a logged-in session to the page before it loads, as the login screen leaves it in this tab. */
export async function giveSession(page: Page, session: SessionRecord) {
  await page.addInitScript((s) => sessionStorage.setItem('MC_SESSION_INFO', JSON.stringify(s)), session);
}

/**
 * Turns the wheel as a player does, then waits until the page answered: it
 * scrolled, or grew (a page of games came in), or built what waited to be
 * near (WhenNear); then for the frame that paints it.
 */
export async function wheel(page: Page, dy: number) {
  const shape = () => `${window.scrollY} ${document.documentElement.scrollHeight} ${document.querySelectorAll('[data-when-near]').length}`;
  const before = await page.evaluate(shape);
  await page.mouse.wheel(0, dy);
  await page.waitForFunction(
    (before) => `${window.scrollY} ${document.documentElement.scrollHeight} ${document.querySelectorAll('[data-when-near]').length}` !== before,
    before,
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
