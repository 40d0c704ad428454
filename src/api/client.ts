import type { $Fetch, FetchOptions } from 'ofetch';
import * as z from 'zod/mini';
import { ApiError } from './api-error.ts';
import { type EndpointCall, failureEnvelope, headerNames, type ValueOf } from '../../contract/endpoint.ts';

export interface ApiClientConfig {
  /** Where the API lives; empty for the same origin. */
  baseURL?: string;
  /** Milliseconds before a call fails as `timeout`. */
  timeoutMs?: number;
  /** The request headers of the moment (merchant, token, language, device). */
  headers: () => ApiHeaders;
  /** Whether the device believes it is online. */
  isOnline?: () => boolean;
  /** Fetch implementation (tests pass the server's `inject` bridge or a stub). */
  fetch?: typeof globalThis.fetch;
}

export interface ApiHeaders {
  merchant: string;
  token?: string | null;
  language?: string;
  device?: string;
  deviceId?: string;
}

/** The SPA's caller of the contract's endpoints. */
export type ApiCall = EndpointCall;

function toHeaderRecord(h: ApiHeaders): Record<string, string> {
  const out: Record<string, string> = { [headerNames.merchant]: h.merchant };
  if (h.token) out[headerNames.authorization] = h.token;
  if (h.language) out[headerNames.language] = h.language;
  if (h.device) out[headerNames.device] = h.device;
  if (h.deviceId) out[headerNames.deviceId] = h.deviceId;
  return out;
}

/**
 * The one HTTP client of the SPA. It sets the platform headers, parses every
 * answer with the endpoint's schema and turns every failure into an ApiError.
 */
export function createApiClient(config: ApiClientConfig): ApiCall {
  const isOnline = config.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  // ofetch loads with the first call that needs the network: a first screen
  // whose answers came with the page (docs/first-load.md) does not wait for it.
  let fetcher: Promise<$Fetch> | null = null;
  const http = () =>
    (fetcher ??= import('ofetch').then(({ createFetch, ofetch }) =>
      (config.fetch ? createFetch({ fetch: config.fetch }) : ofetch).create({
        baseURL: config.baseURL ?? '',
        timeout: config.timeoutMs ?? 15_000,
        retry: 0,
        ignoreResponseError: true,
      } satisfies FetchOptions),
    ));

  return async (endpoint, args) => {
    if (!isOnline()) throw ApiError.offline();
    let response: Awaited<ReturnType<$Fetch['raw']>>;
    try {
      const $fetch = await http();
      response = await $fetch.raw(endpoint.path, {
        method: endpoint.method,
        headers: { ...toHeaderRecord(config.headers()), ...args?.extraHeaders },
        query: args?.query as Record<string, unknown> | undefined,
        body: args?.body as Record<string, unknown> | undefined,
        signal: args?.signal,
        responseType: 'json',
      });
    } catch (error) {
      throw classifyTransportError(error, isOnline());
    }
    const data: unknown = response._data;
    const failure = failureEnvelope.safeParse(data);
    if (failure.success) {
      const f = failure.data;
      throw new ApiError('server', f.errorCode, f.message, response.status, f.value);
    }
    if (!response.ok) {
      throw new ApiError('server', 'system.error', `HTTP ${response.status}`, response.status);
    }
    const envelope = z.object({ success: z.literal(true), value: endpoint.value }).safeParse(data);
    if (!envelope.success) {
      // Where the answer departs from the contract (`value.list.0.gameId: expected number`), for the logs.
      throw ApiError.schema(envelope.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    }
    return envelope.data.value as ValueOf<typeof endpoint>;
  };
}

function classifyTransportError(error: unknown, online: boolean): ApiError {
  const names = new Set<string>();
  let cursor: unknown = error;
  for (let depth = 0; cursor && depth < 4; depth++) {
    if (cursor instanceof Error) names.add(cursor.name);
    cursor = cursor instanceof Error ? cursor.cause : undefined;
  }
  if (names.has('TimeoutError')) return ApiError.timeout();
  if (names.has('AbortError')) return ApiError.network('aborted');
  if (!online) return ApiError.offline();
  return ApiError.network(error instanceof Error ? error.message : String(error));
}
