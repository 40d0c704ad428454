import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig, startupRefusal } from './config.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('startup refusals', () => {
  it('outside production anything goes; the test switch is off unless asked for', () => {
    expect(startupRefusal(readConfig({}))).toBeNull();
    expect(readConfig({}).devEndpoints).toBe(false);
    expect(readConfig({ DEV_ENDPOINTS: '1' }).devEndpoints).toBe(true);
    expect(startupRefusal(readConfig({ DEV_ENDPOINTS: '1' }))).toBeNull();
  });

  it('NODE_ENV=production with the local outbox needs ALLOW_LOCAL_OUTBOX=1, and never takes the test switch', () => {
    expect(startupRefusal(readConfig({ NODE_ENV: 'production' }))).toMatch(/local outbox.*ALLOW_LOCAL_OUTBOX=1/);
    expect(startupRefusal(readConfig({ NODE_ENV: 'production', ALLOW_LOCAL_OUTBOX: '1' }))).toBeNull();
    expect(startupRefusal(readConfig({ NODE_ENV: 'production', ALLOW_LOCAL_OUTBOX: '1', DEV_ENDPOINTS: 'true' }))).toMatch(/DEV_ENDPOINTS/);
  });

  it('reads the SMS budgets and refuses unclear switches', () => {
    expect(readConfig({ SMS_PER_CLIENT_PER_HOUR: '3', SMS_PER_DEVICE_PER_HOUR: '2', SMS_PER_DAY: '50' }).smsBudgets).toEqual({
      smsPerClientPerHour: 3,
      smsPerDevicePerHour: 2,
      smsPerMerchantPerDay: 50,
    });
    expect(() => readConfig({ DEV_ENDPOINTS: 'yes' })).toThrow('DEV_ENDPOINTS must be 1 or 0');
    expect(() => readConfig({ SMS_PER_DAY: '-1' })).toThrow('SMS_PER_DAY');
  });

  it('the server process exits with the reason, before it opens the database', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'refusal-'));
    try {
      const env = { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' };
      const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('Refusing to start: NODE_ENV=production with the local outbox');
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
