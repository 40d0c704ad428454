import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineEndpoint, failureEnvelope } from '../../contract/endpoint.ts';
import { buildApp } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { AppError } from './app-error.ts';
import { registerEndpoint } from './endpoint-route.ts';

const echoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/test/echo',
  tag: 'test',
  summary: 'echo',
  query: z.object({ n: z.optional(z.string()) }),
  body: z.object({ name: z.string().check(z.minLength(1)) }),
  value: z.object({ name: z.string(), language: z.string(), token: z.nullable(z.string()), device: z.nullable(z.string()) }),
});
const failingEndpoint = defineEndpoint({ method: 'GET', path: '/wps/test/fail', tag: 'test', summary: 'fail', value: z.object({}) });
const teapotEndpoint = defineEndpoint({ method: 'GET', path: '/wps/test/teapot', tag: 'test', summary: 'x', value: z.object({}) });

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp({ db: testDb.db, bodyLimit: 1024 });
  registerEndpoint(app, echoEndpoint, ({ body, ctx }) => ({
    name: body.name,
    language: ctx.language,
    token: ctx.token,
    device: ctx.device,
  }));
  registerEndpoint(app, failingEndpoint, () => {
    throw new Error('boom');
  });
  registerEndpoint(app, teapotEndpoint, () => {
    throw new AppError(409, 'test.conflict', 'Conflict');
  });
});
afterAll(async () => {
  await app.close();
  await testDb.close();
});

const demo = { merchant: 'DEMO' };

function expectFailure(res: { statusCode: number; json(): unknown }, status: number, errorCode: string) {
  expect(res.statusCode).toBe(status);
  const body = failureEnvelope.parse(res.json());
  expect(body.errorCode).toBe(errorCode);
  expect(body.message.length).toBeGreaterThan(0);
}

describe('envelope and error model', () => {
  it('wraps values in the success envelope and exposes the platform headers', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/wps/test/echo',
      headers: { ...demo, authorization: 'tok-123', language: 'CN', device: 'others' },
      payload: { name: 'ann' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { name: 'ann', language: 'CN', token: 'tok-123', device: 'OTHERS' } });
  });

  it('falls back to the default language when the requested one is not enabled', async () => {
    const res = await app.inject({ method: 'POST', url: '/wps/test/echo', headers: { ...demo, language: 'TY' }, payload: { name: 'a' } });
    expect(res.json().value.language).toBe('EN');
  });

  it('answers 404 request.not.found for unknown routes under /wps and /lgw', async () => {
    expectFailure(await app.inject({ method: 'GET', url: '/wps/nothing/here', headers: demo }), 404, 'request.not.found');
    expectFailure(await app.inject({ method: 'POST', url: '/lgw/games/none', headers: demo }), 404, 'request.not.found');
    expectFailure(await app.inject({ method: 'DELETE', url: '/wps/system/status', headers: demo }), 404, 'request.not.found');
  });

  it('answers 400 request.invalid for malformed JSON and schema mismatches', async () => {
    const headers = { ...demo, 'content-type': 'application/json' };
    expectFailure(await app.inject({ method: 'POST', url: '/wps/test/echo', headers, payload: '{"name":' }), 400, 'request.invalid');
    expectFailure(await app.inject({ method: 'POST', url: '/wps/test/echo', headers, payload: '{"name":""}' }), 400, 'request.invalid');
    expectFailure(await app.inject({ method: 'POST', url: '/wps/test/echo', headers, payload: '[1,2]' }), 400, 'request.invalid');
    expectFailure(await app.inject({ method: 'POST', url: '/wps/test/echo', headers, payload: '' }), 400, 'request.invalid');
    expectFailure(await app.inject({ method: 'POST', url: '/wps/test/echo', headers: demo }), 400, 'request.invalid');
    expectFailure(
      await app.inject({ method: 'POST', url: '/wps/test/echo?n=1&n=2', headers, payload: '{"name":"a"}' }),
      400,
      'request.invalid',
    );
  });

  it('answers 415 for an unsupported content type and 413 for a too large body', async () => {
    expectFailure(
      await app.inject({ method: 'POST', url: '/wps/test/echo', headers: { ...demo, 'content-type': 'application/xml' }, payload: '<a/>' }),
      415,
      'request.media.unsupported',
    );
    expectFailure(
      await app.inject({ method: 'POST', url: '/wps/test/echo', headers: demo, payload: { name: 'x'.repeat(5000) } }),
      413,
      'request.too.large',
    );
  });

  it('answers 400 merchant.missing and merchant.unknown', async () => {
    expectFailure(await app.inject({ method: 'GET', url: '/wps/system/status' }), 400, 'merchant.missing');
    expectFailure(await app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'NOPE' } }), 400, 'merchant.unknown');
    expectFailure(
      await app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: "x'; drop table merchants;--" } }),
      400,
      'merchant.unknown',
    );
  });

  it('treats percent-encoded API paths as API requests (context, envelope), and undecodable urls as 400', async () => {
    const ok = await app.inject({ method: 'GET', url: '/wp%73/system/status', headers: demo });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().success).toBe(true);
    expectFailure(await app.inject({ method: 'GET', url: '/wp%73/system/status' }), 400, 'merchant.missing');
    expectFailure(await app.inject({ method: 'GET', url: '/wps/%ZZ', headers: demo }), 400, 'request.invalid');
  });

  it('passes service AppErrors through and hides unknown errors as 500 system.error', async () => {
    expectFailure(await app.inject({ method: 'GET', url: '/wps/test/teapot', headers: demo }), 409, 'test.conflict');
    const res = await app.inject({ method: 'GET', url: '/wps/test/fail', headers: demo });
    expectFailure(res, 500, 'system.error');
    expect(res.body).not.toContain('boom');
  });
});

describe('security headers', () => {
  it('gives API answers, refusals and percent-escaped paths included, the policy of a document that loads nothing and is framed by nobody', async () => {
    for (const url of ['/wps/system/status', '/wp%73/system/status', '/wps/missing', '/lgw/missing']) {
      const res = await app.inject({ method: 'GET', url, headers: demo });
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Headers that only a rendered page reads are not sent with data.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-xss-protection']).toBeUndefined();
    }
  });

  it('gives everything else the page policy: CSP without inline script, HSTS, nosniff and referrer policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/m/home' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('OpenAPI document', () => {
  it('lists the system endpoints with headers, envelopes and failure responses', async () => {
    const res = await app.inject({ method: 'GET', url: '/wps/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of ['/wps/system/status', '/wps/system/whitelabel', '/wps/system/settings/consolidated']) {
      const op = doc.paths[path]?.get;
      expect(op, path).toBeDefined();
      expect(op.responses['200'].content['application/json'].schema.properties.value).toBeDefined();
      expect(op.responses['4XX'].content['application/json'].schema.$ref).toBe('#/components/schemas/Failure');
      expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/Merchant' });
    }
    expect(doc.paths['/wps/test/echo'].post.requestBody.content['application/json'].schema.required).toEqual(['name']);
    expect(doc.paths['/wps/test/echo'].post.parameters).toContainEqual(expect.objectContaining({ name: 'n', in: 'query' }));
    expect(Object.keys(doc.components.parameters)).toEqual(
      expect.arrayContaining(['Merchant', 'Authorization', 'Language', 'Device']),
    );
    expect(doc.components.schemas.Failure.required).toEqual(['success', 'errorCode', 'message']);
    expect(JSON.stringify(doc)).not.toContain('/admin');
  });

  it('keeps the registry of registered endpoints', () => {
    expect(app.endpointRegistry.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining(['GET /wps/system/status', 'GET /wps/system/whitelabel', 'GET /wps/system/settings/consolidated']),
    );
  });
});

describe('rate limit', () => {
  it('answers 429 request.rate.limited past the limit, per IP, on API paths only', async () => {
    const limited = await buildApp({ db: testDb.db, rateLimitPerMinute: 3 });
    try {
      const hit = (remoteAddress: string, url = '/wps/system/status') =>
        limited.inject({ method: 'GET', url, headers: demo, remoteAddress });
      for (let i = 0; i < 3; i++) expect((await hit('192.0.2.10')).statusCode).toBe(200);
      const res = await hit('192.0.2.10');
      expectFailure(res, 429, 'request.rate.limited');
      expect(res.headers['retry-after']).toBeDefined();
      expectFailure(await hit('192.0.2.10', '/wps/unknown'), 429, 'request.rate.limited');
      expect((await hit('192.0.2.11')).statusCode).toBe(200);
      // Outside /wps and /lgw nothing is limited (here: no SPA built, so a 404 envelope).
      expect((await hit('192.0.2.10', '/m/home')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe('SPA serving', () => {
  it('serves built files and answers index.html for client routes, never for the API', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const spa = await buildApp({ db: testDb.db, staticDir: dist });
    try {
      const index = await spa.inject({ method: 'GET', url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('id="root"');
      const deep = await spa.inject({ method: 'GET', url: '/m/game/list?type=slot' });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers['content-type']).toContain('text/html');
      expect(deep.headers['cache-control']).toBe('no-cache');
      expect(deep.headers['content-security-policy']).toContain("script-src 'self'");
      for (const url of ['/m/index.html', '/m/register.html']) {
        const page = await spa.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('id="root"');
      }
      const asset = await spa.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await spa.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      expectFailure(await spa.inject({ method: 'GET', url: '/wps/missing', headers: demo }), 404, 'request.not.found');
      expect((await spa.inject({ method: 'POST', url: '/m/home' })).statusCode).toBe(404);
    } finally {
      await spa.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
