import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createApiClient } from './client.ts';
import { systemStatusEndpoint } from '../../contract/system.ts';

const okStatus = { status: 0, info: '', location: { ip: '127.0.0.1' }, maintenance: false, regionRestriction: false };

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function clientWith(fetchImpl: typeof fetch, extra: { online?: boolean; timeoutMs?: number } = {}) {
  const seen: Request[] = [];
  const call = createApiClient({
    baseURL: 'http://api.test',
    timeoutMs: extra.timeoutMs ?? 1000,
    isOnline: () => extra.online ?? true,
    headers: () => ({ merchant: 'DEMO', token: 'tok-1', language: 'CN', device: 'OTHERS', deviceId: 'dev-1' }),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return fetchImpl(input, init);
    }) as typeof fetch,
  });
  return { call, seen };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('sends the platform headers and returns the parsed value', async () => {
    const { call, seen } = clientWith(async () => jsonResponse(200, { success: true, value: okStatus }));
    await expect(call(systemStatusEndpoint)).resolves.toEqual(okStatus);
    const request = seen[0]!;
    expect(new URL(request.url).pathname).toBe('/wps/system/status');
    expect(request.headers.get('merchant')).toBe('DEMO');
    expect(request.headers.get('authorization')).toBe('tok-1');
    expect(request.headers.get('language')).toBe('CN');
    expect(request.headers.get('device')).toBe('OTHERS');
    expect(request.headers.get('device-id')).toBe('dev-1');
  });

  it('turns a failure envelope into a server error with its errorCode', async () => {
    const { call } = clientWith(async () =>
      jsonResponse(401, { success: false, errorCode: 'user.or.token.invalid', message: 'Invalid token' }),
    );
    const error = await failure(call(systemStatusEndpoint));
    expect(error.kind).toBe('server');
    expect(error.errorCode).toBe('user.or.token.invalid');
    expect(error.status).toBe(401);
  });

  it('turns an answer that breaks the contract into a schema error', async () => {
    const { call } = clientWith(async () => jsonResponse(200, { success: true, value: { status: 'up' } }));
    const error = await failure(call(systemStatusEndpoint));
    expect(error.kind).toBe('schema');
    expect(error.errorCode).toBe('client.response.invalid');
  });

  it('treats a non-JSON error page as a server error, not a crash', async () => {
    const { call } = clientWith(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await failure(call(systemStatusEndpoint));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(502);
  });

  it('fails as offline without sending when the device is offline', async () => {
    const { call, seen } = clientWith(async () => jsonResponse(200, { success: true, value: okStatus }), {
      online: false,
    });
    const error = await failure(call(systemStatusEndpoint));
    expect(error.kind).toBe('offline');
    expect(seen).toHaveLength(0);
  });

  it('fails as timeout when the server does not answer in time', async () => {
    const { call } = clientWith(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
      { timeoutMs: 30 },
    );
    const error = await failure(call(systemStatusEndpoint));
    expect(error.kind).toBe('timeout');
  });

  it('fails as network when the connection breaks', async () => {
    const { call } = clientWith(async () => {
      throw new TypeError('fetch failed');
    });
    const error = await failure(call(systemStatusEndpoint));
    expect(error.kind).toBe('network');
  });
});
