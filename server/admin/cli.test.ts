import { rmSync, statSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/connect.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { createTestDatabase, createTestDataDir, type TestDatabase } from '../test/test-db.ts';
import { adminSecretFile, createAdminSecret } from './admin-secret.ts';
import { adminCommandPath, adminSecretHeader, buildAdminListener, startAdminListener } from './admin-listener.ts';
import { parseAdminArgs, runAdminCli } from './cli.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: (env: NodeJS.ProcessEnv) => ({ env, out: (t: string) => out.push(t), err: (t: string) => err.push(t) }) };
}

const tmpDirs: string[] = [];
/** A new data directory holding a migrated, seeded database. */
async function tempDataDir(): Promise<string> {
  const dir = await createTestDataDir('admin-cli-');
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
});

describe('argument parsing', () => {
  it('accepts the documented commands', () => {
    expect(parseAdminArgs(['maintenance', 'on', '--info', 'Back soon'])).toEqual({
      command: { kind: 'maintenance.on', merchant: 'DEMO', info: 'Back soon' },
    });
    expect(parseAdminArgs(['maintenance', 'off', '--merchant=ACME'])).toEqual({ command: { kind: 'maintenance.off', merchant: 'ACME' } });
    expect(parseAdminArgs(['restrict', 'set', '10.0.0.0/8', '2001:db8::/32'])).toEqual({
      command: { kind: 'restrict.set', merchant: 'DEMO', cidrs: ['10.0.0.0/8', '2001:db8::/32'] },
    });
    expect(parseAdminArgs(['restrict', 'list', '--merchant', 'X'])).toEqual({ command: { kind: 'restrict.list', merchant: 'X' } });
    expect(parseAdminArgs(['status'])).toEqual({ command: { kind: 'status', merchant: 'DEMO' } });
    expect(parseAdminArgs(['languages', 'set', 'en', 'pt-br'])).toEqual({ command: { kind: 'languages.set', merchant: 'DEMO', languages: ['EN', 'PT-BR'] } });
    expect(parseAdminArgs(['languages', 'set', 'english'])).toEqual({ error: 'Language codes look like EN, CN or PT-BR' });
    expect(parseAdminArgs(['--help'])).toEqual({ help: true });
    expect(parseAdminArgs(['outbox', 'list', '--to', '+63 917 123 4567'])).toEqual({
      command: { kind: 'outbox.list', merchant: 'DEMO', to: '+63 917 123 4567' },
    });
    expect(parseAdminArgs(['outbox', 'list', '--to=player1@example.com', '--merchant', 'X'])).toEqual({
      command: { kind: 'outbox.list', merchant: 'X', to: 'player1@example.com' },
    });
  });

  it('rejects bad input with exit code 2 and the usage', async () => {
    for (const argv of [
      [],
      ['maintenance'],
      ['maintenance', 'maybe'],
      ['restrict', 'set'],
      ['restrict', 'set', '10.0.0.0/33'],
      ['restrict', 'set', 'example.com'],
      ['status', 'extra'],
      ['status', '--merchant'],
      ['status', '--bogus'],
      ['maintenance', 'off', '--info', 'x'],
      ['outbox', 'list'],
      ['outbox', 'list', '--to'],
      ['status', '--to', '+639171234567'],
    ]) {
      const c = capture();
      expect(await runAdminCli(argv, c.io({ DATA_DIR: '/nonexistent/never-opened' })), argv.join(' ')).toBe(2);
      expect(c.err.join('\n')).toContain('Usage: npm run admin');
    }
  });
});

describe('commands against the database (no server running)', () => {
  let testDb: TestDatabase | null = null;
  afterEach(async () => {
    await testDb?.close();
    testDb = null;
  });

  it('change what /wps/system/status answers', async () => {
    // PostgreSQL when DATABASE_URL is set (a fresh database), else a PGlite data directory.
    let env: NodeJS.ProcessEnv;
    if (process.env.DATABASE_URL) {
      testDb = await createTestDatabase();
      env = { DATABASE_URL: testDb.databaseUrl };
    } else {
      env = { DATA_DIR: await tempDataDir() };
    }
    const run = async (...argv: string[]) => {
      const c = capture();
      const code = await runAdminCli(argv, c.io(env));
      return { code, out: c.out.join('\n'), err: c.err.join('\n') };
    };
    const statusOf = async () => {
      const handle = testDb ? testDb.handle : await openDatabase({ dataDir: env.DATA_DIR! });
      const app = await buildApp({ db: handle.db, merchantCacheTtlMs: 0 });
      try {
        const res = await app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'DEMO' }, remoteAddress: '203.0.113.9' });
        return res.json().value as { status: number; info: string };
      } finally {
        await app.close();
        if (!testDb) await handle.close();
      }
    };

    expect((await run('status')).out).toContain('Merchant DEMO (Lucky Bay)');
    expect(await statusOf()).toMatchObject({ status: 0 });

    const on = await run('maintenance', 'on', '--info', 'Upgrade until 10:00');
    expect(on.code).toBe(0);
    expect(on.out).toContain('maintenance:       ON — Upgrade until 10:00');
    expect(await statusOf()).toMatchObject({ status: 1, info: 'Upgrade until 10:00' });

    expect((await run('maintenance', 'off')).code).toBe(0);
    expect((await run('restrict', 'set', '203.0.113.0/24', '2001:db8::/32')).code).toBe(0);
    expect((await run('restrict', 'list')).out).toBe('203.0.113.0/24\n2001:db8::/32');
    expect(await statusOf()).toMatchObject({ status: 2 });

    expect((await run('restrict', 'clear')).code).toBe(0);
    expect((await run('restrict', 'list')).out).toBe('(no restricted ranges)');
    expect(await statusOf()).toMatchObject({ status: 0 });

    const unknown = await run('status', '--merchant', 'NOPE');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('merchant.unknown');
  });

  it('languages set: the languages the merchant offers (each with a catalog); the settings answer them', async () => {
    if (process.env.DATABASE_URL) testDb = await createTestDatabase();
    const env: NodeJS.ProcessEnv = testDb ? { DATABASE_URL: testDb.databaseUrl } : { DATA_DIR: await tempDataDir() };
    const run = async (...argv: string[]) => {
      const c = capture();
      const code = await runAdminCli(argv, c.io(env));
      return { code, out: c.out.join('\n'), err: c.err.join('\n') };
    };
    const set = await run('languages', 'set', 'ar', 'EN', 'pt-br');
    expect(set.code).toBe(0);
    expect(set.out).toContain('languages:         AR, EN, PT-BR (default EN)');
    // Without the default among them, the first becomes it.
    expect((await run('languages', 'set', 'FA', 'UR')).out).toContain('languages:         FA, UR (default FA)');
    // A language without a catalog changes nothing.
    const refused = await run('languages', 'set', 'EN', 'XX');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('No catalog for XX');
    expect((await run('status')).out).toContain('languages:         FA, UR (default FA)');
    expect((await run('languages', 'set')).code).toBe(2);
  });
});

describe('commands through the running server (PGlite)', () => {
  it('are sent to the local admin listener and show at once', async () => {
    const dataDir = await tempDataDir();
    const lock = acquireDataDirLock(dataDir, 'server');
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    await seedIfEmpty(handle.db);
    const app = await buildApp({ db: handle.db, merchantCacheTtlMs: 60_000 });
    const secret = createAdminSecret(dataDir);
    const admin = await startAdminListener({ db: handle.db, secret, onChange: (code) => app.merchants.invalidate(code) });
    lock.update({ adminUrl: admin.url });
    const status = async () =>
      (await app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'DEMO' } })).json().value.status;
    try {
      expect(statSync(adminSecretFile(dataDir)).mode & 0o777).toBe(0o600);
      expect(await status()).toBe(0); // now cached for a minute

      const c = capture();
      expect(await runAdminCli(['maintenance', 'on'], c.io({ DATA_DIR: dataDir }))).toBe(0);
      expect(c.out.join('\n')).toContain('applied through the running server');
      expect(await status()).toBe(1);

      const bad = capture();
      expect(await runAdminCli(['restrict', 'list', '--merchant', 'NOPE'], bad.io({ DATA_DIR: dataDir }))).toBe(1);

      // The outbox, read through the server (`npm run outbox -- --to ...`): the newest message first.
      await app.identity.provider.send({ merchantCode: 'DEMO', channel: 'sms', to: '+639170001234', body: 'Your verification code is 111111.' });
      await app.identity.provider.send({ merchantCode: 'DEMO', channel: 'sms', to: '+639170001234', body: 'Your verification code is 222222.' });
      const outbox = capture();
      expect(await runAdminCli(['outbox', 'list', '--to', '+63 917 000 1234'], outbox.io({ DATA_DIR: dataDir }))).toBe(0);
      const printed = outbox.out.join('\n');
      expect(printed).toContain('sms  +639170001234');
      expect(printed.indexOf('222222')).toBeGreaterThan(-1);
      expect(printed.indexOf('222222')).toBeLessThan(printed.indexOf('111111'));
      const empty = capture();
      expect(await runAdminCli(['outbox', 'list', '--to', 'nobody@example.com'], empty.io({ DATA_DIR: dataDir }))).toBe(0);
      expect(empty.out.join('\n')).toBe('(no message to nobody@example.com)');
    } finally {
      await admin.close();
      await app.close();
      await handle.close();
      lock.release();
    }
  });

  it('the admin listener refuses a wrong secret and non-loopback peers', async () => {
    const testDb = await createTestDatabase();
    const listener = buildAdminListener({ db: testDb.db, secret: 's3cret' });
    try {
      const payload = { kind: 'status', merchant: 'DEMO' };
      const ok = await listener.inject({ method: 'POST', url: adminCommandPath, headers: { [adminSecretHeader]: 's3cret' }, payload });
      expect(ok.statusCode).toBe(200);
      const wrong = await listener.inject({ method: 'POST', url: adminCommandPath, headers: { [adminSecretHeader]: 'nope' }, payload });
      expect(wrong.statusCode).toBe(403);
      const none = await listener.inject({ method: 'POST', url: adminCommandPath, payload });
      expect(none.statusCode).toBe(403);
      const remote = await listener.inject({
        method: 'POST',
        url: adminCommandPath,
        headers: { [adminSecretHeader]: 's3cret' },
        payload,
        remoteAddress: '192.0.2.1',
      });
      expect(remote.statusCode).toBe(403);
      const invalid = await listener.inject({
        method: 'POST',
        url: adminCommandPath,
        headers: { [adminSecretHeader]: 's3cret' },
        payload: { kind: 'restrict.set', merchant: 'DEMO', cidrs: ['nope'] },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errorCode).toBe('request.invalid');
    } finally {
      await listener.close();
      await testDb.close();
    }
  });
});
