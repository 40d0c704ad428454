import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { successEnvelope } from '../../../contract/endpoint.ts';
import { interfaceLanguages } from '../../../contract/languages.ts';
import {
  consolidatedSettingsEndpoint,
  systemStatusEndpoint,
  switchKeys,
  whitelabelEndpoint,
} from '../../../contract/system.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { buildApp } from '../../app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp({ db: testDb.db, merchantCacheTtlMs: 0 });
});
afterAll(async () => {
  await app.close();
  await testDb.close();
});
beforeEach(async () => {
  await executeAdminCommand(testDb.db, { kind: 'maintenance.off', merchant: 'DEMO' });
  await executeAdminCommand(testDb.db, { kind: 'restrict.clear', merchant: 'DEMO' });
});

async function status(remoteAddress = '198.51.100.7') {
  const res = await app.inject({ method: 'GET', url: systemStatusEndpoint.path, headers: { merchant: 'DEMO' }, remoteAddress });
  expect(res.statusCode).toBe(200);
  return successEnvelope(systemStatusEndpoint.value).parse(res.json()).value;
}

describe('GET /wps/system/status', () => {
  it('is 0 with the client IP when nothing applies', async () => {
    expect(await status()).toEqual({
      status: 0,
      info: '',
      location: { ip: '198.51.100.7' },
      maintenance: false,
      regionRestriction: false,
    });
  });

  it('is 1 under maintenance, with the info text', async () => {
    await executeAdminCommand(testDb.db, { kind: 'maintenance.on', merchant: 'DEMO', info: 'Back at 10:00' });
    expect(await status()).toMatchObject({ status: 1, info: 'Back at 10:00', maintenance: true, regionRestriction: false });
  });

  it('is 2 when only the IPv4 address is in a restricted range', async () => {
    await executeAdminCommand(testDb.db, { kind: 'restrict.set', merchant: 'DEMO', cidrs: ['198.51.100.0/24'] });
    expect(await status()).toMatchObject({ status: 2, maintenance: false, regionRestriction: true });
    expect((await status('192.0.2.1')).status).toBe(0);
  });

  it('is 2 for an IPv6 address in a restricted IPv6 range, and 0 outside it', async () => {
    await executeAdminCommand(testDb.db, { kind: 'restrict.set', merchant: 'DEMO', cidrs: ['2001:db8:1::/48', '10.0.0.0/8'] });
    expect(await status('2001:db8:1:2::3')).toMatchObject({ status: 2, location: { ip: '2001:db8:1:2::3' } });
    expect((await status('2001:db8:2::3')).status).toBe(0);
    expect((await status('::ffff:10.1.2.3')).status).toBe(2);
  });

  it('is 1 when maintenance and restriction both apply', async () => {
    await executeAdminCommand(testDb.db, { kind: 'restrict.set', merchant: 'DEMO', cidrs: ['198.51.100.7'] });
    await executeAdminCommand(testDb.db, { kind: 'maintenance.on', merchant: 'DEMO' });
    expect(await status()).toMatchObject({ status: 1, maintenance: true, regionRestriction: true });
  });

  it('uses X-Forwarded-For only when the proxy is trusted', async () => {
    await executeAdminCommand(testDb.db, { kind: 'restrict.set', merchant: 'DEMO', cidrs: ['203.0.113.0/24'] });
    const headers = { merchant: 'DEMO', 'x-forwarded-for': '203.0.113.5' };
    const untrusted = await app.inject({ method: 'GET', url: '/wps/system/status', headers, remoteAddress: '127.0.0.1' });
    expect(untrusted.json().value).toMatchObject({ status: 0, location: { ip: '127.0.0.1' } });
    const proxied = await buildApp({ db: testDb.db, trustProxy: true, merchantCacheTtlMs: 0 });
    try {
      const trusted = await proxied.inject({ method: 'GET', url: '/wps/system/status', headers, remoteAddress: '127.0.0.1' });
      expect(trusted.json().value).toMatchObject({ status: 2, location: { ip: '203.0.113.5' } });
    } finally {
      await proxied.close();
    }
  });
});

describe('under maintenance', () => {
  const call = (method: 'GET' | 'POST', url: string) => app.inject({ method, url, headers: { merchant: 'DEMO' }, ...(method === 'POST' ? { payload: {} } : {}) });

  it('answers every call but the status and the settings with system.maintenance, and answers again when it ends', async () => {
    await executeAdminCommand(testDb.db, { kind: 'maintenance.on', merchant: 'DEMO' });
    for (const [method, url] of [
      ['GET', '/wps/game/list?pageNo=1&pageSize=25'],
      ['GET', '/wps/game/hot'],
      ['POST', '/wps/game/launchGame'],
      ['GET', '/wps/transaction/bets'],
      ['GET', '/wps/wallets/gcs'],
      ['POST', '/wps/session/login'],
    ] as const) {
      const res = await call(method, url);
      expect([url, res.statusCode, res.json().errorCode]).toEqual([url, 503, 'system.maintenance']);
    }
    for (const url of [systemStatusEndpoint.path, whitelabelEndpoint.path, consolidatedSettingsEndpoint.path]) {
      expect([url, (await call('GET', url)).statusCode]).toEqual([url, 200]);
    }
    await executeAdminCommand(testDb.db, { kind: 'maintenance.off', merchant: 'DEMO' });
    expect((await call('GET', '/wps/game/list?pageNo=1&pageSize=25')).statusCode).toBe(200);
  });
});

describe('merchant settings', () => {
  it('GET /wps/system/whitelabel answers the switches', async () => {
    const res = await app.inject({ method: 'GET', url: whitelabelEndpoint.path, headers: { merchant: 'DEMO' } });
    expect(res.statusCode).toBe(200);
    const { value } = successEnvelope(whitelabelEndpoint.value).parse(res.json());
    expect(value.merchantCode).toBe('DEMO');
    expect(value.switches).toMatchObject({ USERNAMEREG3: true, CBS3: true, AFFMAN3: true, FACEBOOKLOGIN3: true, GOOGLELOGIN3: true });
  });

  it('GET /wps/system/settings/consolidated answers currency, languages and switches', async () => {
    const res = await app.inject({ method: 'GET', url: consolidatedSettingsEndpoint.path, headers: { merchant: 'DEMO', language: 'cn' } });
    expect(res.statusCode).toBe(200);
    const { value } = successEnvelope(consolidatedSettingsEndpoint.value).parse(res.json());
    expect(value).toMatchObject({
      merchantCode: 'DEMO',
      name: 'Lucky Bay',
      currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
      // The demo merchant offers every interface language.
      languages: { enabled: interfaceLanguages.map((l) => l.code), default: 'EN' },
    });
    expect(value.languages.enabled.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(value.switches).sort()).toEqual([...switchKeys].sort());
    // The deposit entry's bonus badge: the demo's first-deposit promotion, ₱258.
    expect(value.depositBadge).toBe(25800);
  });
});
