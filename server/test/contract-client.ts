/**
 * The server tests' caller of the contract (contract/endpoint.ts): it sends
 * an endpoint's query and body with the platform headers, reads the envelope
 * and checks the value against the endpoint's own schema, so a test fails
 * when the server departs from the contract the SPA relies on. It goes over
 * any fetch (the harness's `app.inject` bridge, or a real socket).
 */
import * as z from 'zod/mini';
import { type EndpointCall, failureEnvelope, headerNames } from '../../contract/endpoint.ts';

/** A failure envelope (or a non-envelope answer), with what the server said. */
export class CallError extends Error {
  override readonly name = 'CallError';
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly value?: unknown,
  ) {
    super(message);
  }
}

export interface ContractClientOptions {
  baseURL: string;
  /** The headers of the moment: merchant, token, language, device id. */
  headers: () => { merchant: string; token?: string | null; language?: string; deviceId?: string | undefined };
  fetch?: typeof fetch;
}

function queryOf(query: unknown): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createContractClient(options: ContractClientOptions): EndpointCall {
  const send = options.fetch ?? fetch;
  return async (endpoint, args) => {
    const h = options.headers();
    const headers: Record<string, string> = { [headerNames.merchant]: h.merchant, ...args?.extraHeaders };
    if (h.token) headers[headerNames.authorization] = h.token;
    if (h.language) headers[headerNames.language] = h.language;
    if (h.deviceId) headers[headerNames.deviceId] = h.deviceId;
    if (args?.body !== undefined) headers['content-type'] = 'application/json';
    const res = await send(`${options.baseURL}${endpoint.path}${queryOf(args?.query)}`, {
      method: endpoint.method,
      headers,
      ...(args?.body !== undefined ? { body: JSON.stringify(args.body) } : {}),
      ...(args?.signal ? { signal: args.signal } : {}),
    });
    const data: unknown = await res.json().catch(() => undefined);
    const failure = failureEnvelope.safeParse(data);
    if (failure.success) throw new CallError(res.status, failure.data.errorCode, failure.data.message, failure.data.value);
    if (!res.ok) throw new CallError(res.status, 'system.error', `HTTP ${res.status}`);
    const envelope = z.object({ success: z.literal(true), value: endpoint.value }).safeParse(data);
    if (!envelope.success) {
      throw new Error(`${endpoint.path} answered outside its contract: ${envelope.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    return envelope.data.value as never;
  };
}
