/**
 * Test harness for the identity modules: an app on a fresh test database with
 * a movable clock and known captcha digits, and API clients that speak the
 * contract (server/test/contract-client.ts) with the contract's sealer
 * (encryption) over `app.inject`.
 */
import type { SocialOptions } from '../modules/social/module.ts';
import type { FastifyInstance } from 'fastify';
import { type Endpoint, type EndpointCall, failureEnvelope } from '../../contract/endpoint.ts';
import { createSealer, type Sealer } from '../../contract/sealed.ts';
import { buildApp } from '../app.ts';
import type { IdentityOptions } from '../modules/identity.ts';
import { listOutbox } from '../modules/verification/outbox.ts';
import { CallError, createContractClient } from './contract-client.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

/** A fetch that answers from `app.inject` (no socket), from the given client address. */
export function injectFetch(app: FastifyInstance, remoteAddress: string): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      payload,
      remoteAddress,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  }) as typeof fetch;
}

export interface TestClient {
  call: EndpointCall;
  sealed: Sealer;
  /** The session token the client sends (set it after a login). */
  token: string | null;
  deviceId: string | undefined;
}

export interface Harness {
  app: FastifyInstance;
  testDb: TestDatabase;
  clock: { now(): Date; advance(ms: number): void };
  /** The digits the next captchas show. */
  captchaDigits: { value: string };
  client(options?: { ip?: string; deviceId?: string; token?: string | null }): TestClient;
  /** A fresh captcha with its answer, as a person would have read it (the human check of SMS code requests). */
  solvedCaptcha(): Promise<{ captchaId: string; captcha: string }>;
  /** The latest outbox message body for a recipient (read from the database, as `npm run outbox` does). */
  lastMessage(to: string): Promise<string>;
  /** The 6-digit code in the latest outbox message for a recipient. */
  lastCode(to: string): Promise<string>;
  close(): Promise<void>;
}

export async function createHarness(options: { identity?: IdentityOptions; social?: SocialOptions } = {}): Promise<Harness> {
  const testDb = await createTestDatabase();
  let nowMs = Date.parse('2026-03-01T10:00:00Z');
  const clock = {
    now: () => new Date(nowMs),
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
  const captchaDigits = { value: '123456' };
  const app = await buildApp({
    db: testDb.db,
    merchantCacheTtlMs: 0,
    rateLimitPerMinute: 100_000,
    identity: { now: clock.now, captchaDigits: () => captchaDigits.value, ...options.identity },
    // No background sweep of interrupted game rounds: tests that need it run it themselves.
    play: { recoverEveryMs: 0 },
    // The money module reads the same clock (deposit orders against limits set at the harness's time).
    wallet: { now: clock.now },
    ...(options.social ? { social: options.social } : {}),
  });
  const client = (o: { ip?: string; deviceId?: string; token?: string | null } = {}): TestClient => {
    const state: TestClient = {
      token: o.token ?? null,
      deviceId: o.deviceId,
      call: null as unknown as EndpointCall,
      sealed: null as unknown as Sealer,
    };
    state.call = createContractClient({
      baseURL: 'http://localhost',
      headers: () => ({ merchant: 'DEMO', token: state.token, language: 'EN', deviceId: state.deviceId }),
      fetch: injectFetch(app, o.ip ?? '198.51.100.10'),
    });
    state.sealed = createSealer(state.call);
    return state;
  };
  const lastMessage = async (to: string) => {
    const [message] = await listOutbox(testDb.db, 'DEMO', to, 1);
    if (!message) throw new Error(`no message to ${to}`);
    return message.body;
  };
  return {
    app,
    testDb,
    clock,
    captchaDigits,
    client,
    async solvedCaptcha() {
      const { captchaId } = await app.identity.captchas.create();
      return { captchaId, captcha: captchaDigits.value };
    },
    lastMessage,
    async lastCode(to) {
      const code = /\b(\d{6})\b/.exec(await lastMessage(to))?.[1];
      if (!code) throw new Error(`no code in the message to ${to}`);
      return code;
    },
    async close() {
      await app.close();
      await testDb.close();
    },
  };
}

/** The failure a call ends with (fails the test when it succeeds). */
export async function failureOf(promise: Promise<unknown>): Promise<CallError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CallError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Raw inject for requests the typed client would not send. */
export async function rawCall(
  app: FastifyInstance,
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  options: { headers?: Record<string, string>; payload?: unknown; url?: string } = {},
) {
  const res = await app.inject({
    method: endpoint.method,
    url: options.url ?? endpoint.path,
    headers: { merchant: 'DEMO', ...options.headers },
    payload: options.payload as string | object | undefined,
  });
  const json = res.json() as unknown;
  const failure = failureEnvelope.safeParse(json);
  return { status: res.statusCode, json, errorCode: failure.success ? failure.data.errorCode : undefined };
}
