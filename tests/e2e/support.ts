import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import en from '../../src/i18n/messages/en.json' with { type: 'json' };

const run = promisify(execFile);

/** The English copy of a message id, as a player reads it. */
export function text(id: keyof typeof en, values: Record<string, string> = {}): string {
  return en[id].replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}

/** Runs the operator CLI against the database of the server under test. */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'server/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    timeout: 30_000,
  });
  return stdout;
}

export interface FakeSession {
  userName: string;
  type: number;
}

/**
 * Puts a session record in the browser before the page loads. The server's
 * login arrives with the Identity work; until then the client-side role
 * (guards, header, bottom bar) is exercised with a stored record.
 */
export async function signInAs(page: Page, session: FakeSession) {
  await page.addInitScript((s) => {
    sessionStorage.setItem(
      'MC_SESSION_INFO',
      JSON.stringify({ token: 'e2e-token', merchantCode: 'DEMO', firstTimeLogin: false, ...s }),
    );
  }, session);
}
