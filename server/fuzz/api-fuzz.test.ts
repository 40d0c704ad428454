/**
 * API fuzz suite (fast-check). Builds the app on a fresh test database (with a
 * small built SPA so the static routes exist), enumerates EVERY route the
 * server registers — Fastify's own route table (`app.routeTable`, filled by an
 * onRoute hook installed before any route) checked against the
 * `endpointRegistry` — plus the local admin listener, and sends each route
 * FUZZ_RUNS (default 200) random and malformed requests: junk bodies, query
 * strings, platform headers, content types, methods and path mutations.
 *
 * Properties: never a 5xx; every 4xx is a JSON failure envelope; every 2xx on
 * a /wps endpoint is a success envelope (of the endpoint's value schema when
 * the request reached it unmutated); no request changes the merchants table;
 * no prototype gets polluted.
 *
 * Reproduce a failure with the seed fast-check prints: FUZZ_SEED=<seed>.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { METHODS } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type Endpoint, failureEnvelope, successEnvelope } from '../../contract/endpoint.ts';
import { adminCommandPath, adminSecretHeader, buildAdminListener } from '../admin/admin-listener.ts';
import { buildApp } from '../app.ts';
import { members, merchants } from '../db/schema.ts';
import { isApiPath } from '../http/api-paths.ts';
import { openApiPath } from '../http/openapi.ts';
import type { RouteTableEntry } from '../http/route-table.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ADMIN_SECRET = 'fuzz-admin-secret-0123456789abcdef';
const BODY_LIMIT = 256 * 1024;

// ---------------------------------------------------------------- generators

/** What a real HTTP peer can put in a header value: UTF-8 bytes seen as latin1, no control characters. */
function asWireHeader(value: string): string {
  return [...Buffer.from(value, 'utf8').toString('latin1')]
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code === 0x09 || (code >= 0x20 && code !== 0x7f);
    })
    .join('');
}

/** Percent-encodes every byte outside the unreserved set (lone surrogates become U+FFFD, as a browser sends them). */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

const junkText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    'prototype',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '😀🎰',
    '中文',
    "' OR 1=1 --",
    '"; DROP TABLE merchants; --',
    '../../etc/passwd',
    '%00',
    '%ZZ',
    '<script>alert(1)</script>',
    ['$', '{jndi:ldap://x}'].join(''),
    '-1',
    '1e309',
    'NaN',
  ),
);
const longText = fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'M'.repeat(n));

const merchantHeader = fc.oneof(
  { weight: 6, arbitrary: fc.constant<string | string[] | undefined>('DEMO') },
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom('demo', ' DEMO ', 'DEMO, DEMO', 'DEMO,OTHER', 'NOPE', 'DEMO\t', 'D%45MO') },
  { weight: 1, arbitrary: fc.constant(['DEMO', 'DEMO']) },
  { weight: 1, arbitrary: fc.tuple(junkText, junkText).map(([a, b]) => [asWireHeader(a), asWireHeader(b)]) },
  { weight: 2, arbitrary: junkText.map(asWireHeader) },
  { weight: 1, arbitrary: longText },
);

const optionalHeader = (specials: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant<string | undefined>(undefined) },
    { weight: 2, arbitrary: fc.constantFrom(...specials) },
    { weight: 2, arbitrary: junkText.map(asWireHeader) },
    { weight: 1, arbitrary: longText },
  );

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=junk',
  'application/json; charset=utf-16',
  'application/json;;;charset',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'application/octet-stream',
  'text/html',
  'application/xml',
  '*/*',
  ';',
  'junk',
  '',
];

/** Replaced by a live session token of a demo member (a fresh one per route), so signed-in handlers are reached too. */
const sessionPlaceholder = 'SESSION-TOKEN';

const headersArb = fc.record(
  {
    merchant: merchantHeader,
    authorization: fc.oneof(
      { weight: 3, arbitrary: fc.constant(sessionPlaceholder) },
      { weight: 4, arbitrary: optionalHeader(['tok-123', 'Bearer', 'Bearer ', 'Bearer abc', 'bearer  x', 'Basic YTpi', 'null']) },
    ),
    language: optionalHeader(['EN', 'cn', 'TY', 'en-US', 'zh-Hans-CN', '*', 'EN, CN']),
    device: optionalHeader(['OTHERS', 'others', 'IOS', 'ANDROID']),
    'device-id': optionalHeader(['00000000-0000-0000-0000-000000000000', 'x']),
    'content-type': fc.option(fc.constantFrom(...contentTypes), { nil: undefined }),
    accept: fc.option(fc.constantFrom('application/json', 'text/html', '*/*', 'image/png', 'junk'), { nil: undefined }),
    'accept-encoding': fc.option(fc.constantFrom('gzip', 'br', 'deflate', 'identity;q=0', 'junk'), { nil: undefined }),
    'content-encoding': fc.option(fc.constantFrom('gzip', 'br', 'junk'), { nil: undefined }),
    range: fc.option(fc.constantFrom('bytes=0-10', 'bytes=100000-', 'bytes=5-1', 'bytes=junk', 'items=0-1'), {
      nil: undefined,
    }),
    'if-none-match': fc.option(fc.constantFrom('*', '"x"', 'junk'), { nil: undefined }),
    'if-modified-since': fc.option(fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'junk'), { nil: undefined }),
    'x-forwarded-for': fc.option(fc.constantFrom('1.2.3.4', 'junk', '::1, 10.0.0.1', '999.999.999.999'), {
      nil: undefined,
    }),
    encryption: fc.option(fc.constantFrom('RSA', 'junk'), { nil: undefined }),
    [adminSecretHeader]: fc.option(fc.oneof(fc.constant(ADMIN_SECRET), junkText.map(asWireHeader)), { nil: undefined }),
  },
  { requiredKeys: [] },
);

const depth = fc.integer({ min: 50, max: 5_000 });
const jsonish = fc.jsonValue({ maxDepth: 4 });
const oversized = `{"name":"${'x'.repeat(BODY_LIMIT + 10)}"}`;

const bodyArb: fc.Arbitrary<string | Buffer | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: jsonish.map((v) => JSON.stringify(v)) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(jsonish, fc.nat())
      .map(([v, cut]) => {
        const text = JSON.stringify(v) ?? 'null';
        return text.slice(0, cut % Math.max(1, text.length));
      }),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '{',
      '}',
      '[',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      'null',
      'true',
      '0',
      '-0',
      '1e999',
      '"str"',
      '[]',
      '{}',
      'undefined',
      'NaN',
      '\u0000',
      '{"a":"\u0000"}',
      '{"a":"\\u0000"}',
      '{"a":"\\ud800"}',
      '{"name":"😀🎰中文"}',
      '\ufeff{"name":"bom"}',
      'a=1&a=2&b[c]=3',
      '------fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n{"a":1}\r\n------fuzz--\r\n',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '[{"__proto__":{"polluted":true}}]',
      '{"a":{"__proto__":{"polluted":true}}}',
      '{"__proto__":null}',
      '{"prototype":{"polluted":true}}',
      '{"hasOwnProperty":1,"toString":2,"valueOf":3}',
    ),
  },
  { weight: 1, arbitrary: depth.map((d) => `${'['.repeat(d)}${']'.repeat(d)}`) },
  { weight: 1, arbitrary: depth.map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 100_000 }).map((n) => JSON.stringify({ name: 'é'.repeat(n) })) },
  { weight: 1, arbitrary: fc.constant(oversized) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d])) },
);

const queryKey = fc.oneof(
  fc.constantFrom('a', 'page', 'size', '__proto__', 'constructor', 'a[]', 'a[b]', 'a[__proto__]', '', '%00', '%ZZ'),
  fc.string({ maxLength: 10 }).map(percentEncode),
);
const queryValue = fc.oneof(
  fc.constantFrom('', '1', '-1', 'true', 'null', '%00', '%ZZ', '%', '%%', '%E0%A4%A', '%C0%AF', '😀', 'a b', '[]', '{}'),
  junkText.map(percentEncode),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'q'.repeat(n)),
);
/** Values that must never reach the database as text: NUL, and the UTF-8 of a lone surrogate. */
const uncleanQueryValue = fc.constantFrom('%00', 'a%00b', '%00%00', 'x%00', '%ED%A0%80', 'a%ED%B0%80b', '%F0%9F%00');

/** The query keys an endpoint declares (its zod object's shape). */
function queryKeysOf(endpoint: Endpoint | undefined): string[] {
  const shape = (endpoint?.query as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape;
  return shape ? Object.keys(shape) : [];
}

/** The endpoint's own query keys, each with a plain or an unclean value. */
const ownQueryArb = (keys: string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...keys), fc.oneof(uncleanQueryValue, queryValue)), { minLength: 1, maxLength: keys.length + 1 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`);

const queryArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(queryKey, fc.option(queryValue, { nil: undefined })), { minLength: 1, maxLength: 6 })
      .map((pairs) => `?${pairs.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join('&')}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('?', '??', '?&&&', '?=', '?a=1&a=2&a=3', '?a=1#frag', '?a=%', '?%') },
);

const pathSegment = fc.oneof(
  fc.constantFrom('1', '0', '-1', 'x', '..', '.', '%2e%2e', '%2F', '%00', '%ZZ', '😀', 'a%20b', 'DEMO'),
  fc.string({ minLength: 1, maxLength: 12 }).map(percentEncode),
);

type PathMutation = (p: string, seg: string) => string;
const pathMutations: PathMutation[] = [
  (p) => `${p}/`,
  (p) => `${p}//`,
  (p) => `/${p}`,
  (p) => p.replace(/\/(?=[^/]*$)/, '//'),
  (p) => p.toUpperCase(),
  (p) => `${p}/..`,
  (p) => `${p}/../status`,
  (p) => `${p}/%2e%2e/%2e%2e/`,
  (p, s) => `${p}/${s}`,
  (p, s) => p.replace(/[^/]+$/, s),
  (p) => `${p};jsessionid=1`,
  (p) => `${p}%00`,
  (p) => `${p}%2F`,
  (p) => p.replace(/^\//, '/./'),
  (p) => `${p}.json`,
  (p) => p.replace(/s/g, '%73'),
];

const requestArb = (route: RouteTableEntry, endpoint: Endpoint | undefined) =>
  fc.record({
    method: fc.oneof(
      { weight: 7, arbitrary: fc.constant(route.method) },
      { weight: 3, arbitrary: fc.constantFrom(...METHODS.filter((m) => m !== 'CONNECT')) },
    ),
    params: fc.array(pathSegment, { minLength: 4, maxLength: 4 }),
    mutation: fc.option(fc.integer({ min: 0, max: pathMutations.length - 1 }), { nil: undefined, freq: 2 }),
    mutationSegment: pathSegment,
    query: queryKeysOf(endpoint).length ? fc.oneof(queryArb, ownQueryArb(queryKeysOf(endpoint))) : queryArb,
    headers: headersArb,
    body: bodyArb,
    contentLength: fc.option(fc.constantFrom('0', '1', '-1', 'abc', '99999999'), { nil: undefined, freq: 12 }),
  });

interface FuzzRequest {
  method: string;
  params: string[];
  mutation: number | undefined;
  mutationSegment: string;
  query: string;
  headers: Record<string, string | string[] | undefined>;
  body: string | Buffer | undefined;
  contentLength: string | undefined;
}

/** The url the server sees: inject, like a browser, normalises it with WHATWG URL (light-my-request's parseURL). */
function seenUrl(url: string): string {
  const parsed = new URL(url.startsWith('//') ? `http://localhost${url}` : url, 'http://localhost');
  return parsed.pathname + parsed.search;
}

function fillParams(url: string, params: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z0-9_]+|\*/g, () => params[i++ % params.length] ?? 'x');
}

function toInject(route: RouteTableEntry, req: FuzzRequest, session: string): { options: InjectOptions; mutated: boolean; url: string } {
  let pathname = fillParams(route.url, req.params);
  const mutated = req.mutation !== undefined;
  if (req.mutation !== undefined) pathname = pathMutations[req.mutation]!(pathname, req.mutationSegment);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = value === sessionPlaceholder ? session : value;
  if (req.contentLength !== undefined) headers['content-length'] = req.contentLength;
  const url = seenUrl(pathname + req.query);
  const options: InjectOptions = { method: req.method as InjectOptions['method'], url: pathname + req.query, headers };
  if (req.body !== undefined) options.payload = req.body;
  return { options, mutated, url };
}

// ------------------------------------------------------------------ harness

let testDb: TestDatabase;
let app: FastifyInstance;
let admin: FastifyInstance;
let staticDir: string;

async function snapshotMerchants(): Promise<unknown[]> {
  return testDb.db.select().from(merchants).orderBy(asc(merchants.code));
}

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'fuzz-dist-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>fuzz</title><div id="root"></div>');
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{"name":"fuzz"}');

  testDb = await createTestDatabase();
  // With the test switch, so its loopback-only endpoints are fuzzed too (inject comes from 127.0.0.1).
  app = await buildApp({ db: testDb.db, staticDir, bodyLimit: BODY_LIMIT, rateLimitPerMinute: 10_000_000, identity: { devEndpoints: true } });
  await app.ready();
  admin = buildAdminListener({ db: testDb.db, secret: ADMIN_SECRET });
  await admin.ready();
});

afterAll(async () => {
  await app?.close();
  await admin?.close();
  await testDb?.close();
  if (staticDir) rmSync(staticDir, { recursive: true, force: true });
});

interface Target {
  app: () => FastifyInstance;
  label: string;
  route: RouteTableEntry;
  endpoint: Endpoint | undefined;
}

function uniqueRoutes(table: readonly RouteTableEntry[]): RouteTableEntry[] {
  const seen = new Map<string, RouteTableEntry>();
  for (const r of table) seen.set(`${r.method} ${r.url}`, r);
  return [...seen.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

const anySuccess = successEnvelope(z.unknown());
const stats = { routes: 0, cases: 0, rawCases: 0, byStatus: new Map<number, number>() };

/** The session token the current route's requests send (a fresh session per route: a fuzzed logout ends it). */
let session = '';

async function freshSession(): Promise<string> {
  const [member] = await testDb.db.select().from(members).where(eq(members.username, 'player1'));
  if (!member) throw new Error('the demo member player1 is missing');
  return (await app.identity.sessions.issueWeb(member, { deviceId: null, ip: '198.51.100.99' })).token;
}

/** A 2xx body as text, decompressed when the server compressed it, which it may only do in an encoding the request accepted. */
function decodedBody(res: LightMyRequestResponse, accepted: unknown, where: string): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === undefined) return res.body;
  expect(String(accepted ?? ''), where).toContain(String(encoding));
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  expect(encoding, where).toBe('gzip');
  return gunzipSync(res.rawPayload).toString('utf8');
}

async function check(target: Target, req: FuzzRequest): Promise<void> {
  const { options, mutated, url } = toInject(target.route, req, session);
  const res = await target.app().inject(options);
  stats.cases++;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  const where = `${options.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;

  expect(res.statusCode, where).toBeLessThan(500);
  expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
  if (options.method === 'HEAD') return;

  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    const parsed = failureEnvelope.safeParse(res.json());
    expect(parsed.success, where).toBe(true);
    return;
  }
  if (res.statusCode >= 200 && res.statusCode < 300 && isApiPath(url)) {
    const body: unknown = JSON.parse(decodedBody(res, options.headers?.['accept-encoding'], where));
    if (url.split('?')[0] === openApiPath) {
      expect(body, where).toMatchObject({ openapi: '3.1.0' });
      return;
    }
    const exact = target.endpoint && !mutated && options.method === target.endpoint.method;
    const schema = exact ? successEnvelope(target.endpoint!.value) : anySuccess;
    expect(schema.safeParse(body).success, where).toBe(true);
  }
}

// ------------------------------------------------------- raw HTTP (real socket)

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no client-side normalisation) and reads the answer until the server closes. */
function rawRequest(port: number, request: Buffer | string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error('raw request timed out')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body = split < 0 ? '' : text.slice(split + 4);
      if (headers['transfer-encoding'] === 'chunked') {
        let decoded = '';
        let rest = body;
        for (;;) {
          const eol = rest.indexOf('\r\n');
          const size = Number.parseInt(rest.slice(0, eol), 16);
          if (!size) break;
          decoded += rest.slice(eol + 2, eol + 2 + size);
          rest = rest.slice(eol + 2 + size + 2);
        }
        body = decoded;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') });
    });
    // write, not end: a half-closed client socket makes Node drop streamed answers (sendFile).
    socket.write(request);
  });
}

const rawPaths = [
  '/wps/system/status/../status',
  '/wps/system/status/..',
  '/wps//system/status',
  '//wps/system/status',
  '/wps/system/./status',
  '/./wps/system/status',
  '/wps/%2e%2e/wps/docs',
  '/wps/system%2Fstatus',
  '/wp%73/system/status',
  '/wp%73/nothing',
  '/%77ps/system/whitelabel',
  '/lg%77/x',
  '/WPS/system/status',
  '/wps/system/status?%',
  '/wps/system/status?a=%ZZ&a[]=1&__proto__[x]=1',
  '/wps/%ZZ',
  '/wps/\\system\\status',
  '/assets/../index.html',
  '/assets/%2e%2e/index.html',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/../../etc/passwd',
  '/index.html%00',
  '/m/home/../../wps/system/status',
  '*',
  'http://127.0.0.1/wps/system/status',
];

const rawHeaderBlocks = [
  'merchant: DEMO\r\n',
  'merchant: DEMO\r\nmerchant: DEMO\r\n',
  'merchant: D\u00c3\u00a9MO\r\n',
  'merchant: DEMO\r\ncontent-type: application/json\r\ncontent-length: 5\r\n\r\n{"a":',
  'merchant: DEMO\r\ntransfer-encoding: chunked\r\ncontent-type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  'merchant: DEMO\r\ntransfer-encoding: chunked\r\ncontent-length: 2\r\n\r\n{}',
  'merchant: DEMO\r\ncontent-length: abc\r\n',
  'merchant: DEMO\r\ncontent-length: 1\r\ncontent-length: 2\r\n\r\n{}',
  'merchant: DE\u0000MO\r\n',
  'merchant DEMO\r\n',
  ' merchant: DEMO\r\n',
  `merchant: ${'M'.repeat(20_000)}\r\n`,
  `x-junk: ${'J'.repeat(70_000)}\r\n`,
];

const rawRequestLines = ['GARBAGE', 'GET', 'GET /wps/system/status HTTP/9.9', 'GET /wps/system/status', 'G\u00c9T / HTTP/1.1', ''];

function checkRaw(label: string, res: RawResponse): void {
  const where = `${label} -> ${res.status} ${res.body.slice(0, 200)}`;
  expect(Number.isInteger(res.status), where).toBe(true);
  expect(res.status, where).toBeLessThan(500);
  if (label.startsWith('HEAD ')) return;
  if (res.status >= 400 && res.body) {
    expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    expect(failureEnvelope.safeParse(JSON.parse(res.body)).success, where).toBe(true);
  }
  if (res.status >= 200 && res.status < 300 && res.headers['content-type']?.startsWith('application/json')) {
    const body: unknown = JSON.parse(res.body);
    if (!(body as { openapi?: string }).openapi) expect(anySuccess.safeParse(body).success, where).toBe(true);
  }
}

describe('API fuzz', () => {
  it('enumerates the routes: every registered endpoint is in Fastify’s route table', () => {
    const table = uniqueRoutes(app.routeTable);
    for (const endpoint of app.endpointRegistry) {
      expect(table.some((r) => r.method === endpoint.method && r.url === endpoint.path), endpoint.path).toBe(true);
    }
    // Routes not made by registerEndpoint are in the table too: the OpenAPI document and the static files.
    expect(table.some((r) => r.url === openApiPath)).toBe(true);
    expect(table.some((r) => r.url === '/assets/app-abc123.js')).toBe(true);
    expect(uniqueRoutes(admin.routeTable).some((r) => r.url === adminCommandPath)).toBe(true);
  });

  /** Every route the fuzzer sends requests to. */
  const fuzzTargets = (): Target[] => [
    ...uniqueRoutes(app.routeTable).map((route) => ({
      app: () => app,
      label: 'app',
      route,
      endpoint: app.endpointRegistry.find((e) => e.method === route.method && e.path === route.url),
    })),
    ...uniqueRoutes(admin.routeTable).map((route) => ({ app: () => admin, label: 'admin', route, endpoint: undefined })),
    // Pages of client routes: not routes of their own (the not-found handler renders them with the
    // first screen's answers, server/http/document.ts), and they read the path and the query.
    ...['/', '/m/home', '/m/login', '/m/gameList'].map((url) => ({
      app: () => app,
      label: 'page',
      route: { method: 'GET', url, merchant: false } satisfies RouteTableEntry,
      endpoint: undefined,
    })),
  ];

  // The routes in parts, each a test of its own: the time a test may take (a hang) stays the same as routes are added.
  const parts = 8;
  it.each(Array.from({ length: parts }, (_, part) => part))(
    `never answers 5xx, and answers every 4xx with a failure envelope (${RUNS} cases per route; routes part %i of ${parts})`,
    async (part) => {
      const before = await snapshotMerchants();
      const all = fuzzTargets();
      const targets = all.filter((_, index) => index % parts === part);
      expect(targets.length).toBeGreaterThan(0);
      const started = Date.now();
      const casesBefore = stats.cases;
      for (const target of targets) {
        session = await freshSession();
        await fc.assert(
          fc.asyncProperty(requestArb(target.route, target.endpoint), (req) => check(target, req as FuzzRequest)),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
      const after = await snapshotMerchants();
      expect(after).toEqual(before);
      stats.routes += targets.length;

      const statuses = [...stats.byStatus.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}:${n}`)
        .join(' ');
      console.log(
        `[api-fuzz] part ${part}: ${targets.length} of ${all.length} routes (${targets.map((t) => `${t.label} ${t.route.method} ${t.route.url}`).join(', ')}); ` +
          `${stats.cases - casesBefore} cases in ${Date.now() - started} ms; statuses so far ${statuses}`,
      );
    },
    120_000,
  );

  it('over a real socket: raw paths the client does not normalise and malformed HTTP get envelopes, never 5xx', async () => {
    const before = await snapshotMerchants();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const { port } = address;
    const requests: [string, string][] = [];
    for (const path of rawPaths) {
      for (const method of ['GET', 'POST', 'HEAD']) {
        requests.push([`${method} ${path}`, `${method} ${path} HTTP/1.1\r\nhost: x\r\nmerchant: DEMO\r\nconnection: close\r\n\r\n`]);
      }
    }
    for (const block of rawHeaderBlocks) {
      const [headers = '', body = ''] = block.split('\r\n\r\n');
      for (const path of ['/wps/system/status', '/wps/nothing', '/admin']) {
        const method = body ? 'POST' : 'GET';
        requests.push([
          `${method} ${path} [${block.slice(0, 60)}]`,
          `${method} ${path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n${headers}${headers.endsWith('\r\n') ? '' : '\r\n'}\r\n${body}`,
        ]);
      }
    }
    for (const line of rawRequestLines) requests.push([`[${line}]`, `${line}\r\nhost: x\r\nconnection: close\r\n\r\n`]);
    const statuses = new Map<number, number>();
    for (const [label, request] of requests) {
      const res = await rawRequest(port, Buffer.from(request, 'latin1'));
      checkRaw(label, res);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      stats.rawCases++;
    }
    expect(await snapshotMerchants()).toEqual(before);
    const tally = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([k, n]) => `${k}:${n}`).join(' ');
    console.log(`[api-fuzz] ${stats.rawCases} raw-socket cases; statuses ${tally}`);
  });
});
