/**
 * A fake server behind `fetch` for screen tests that go through the real API
 * client: answers by `METHOD /path` with the answer's value, or refuses with
 * a status and an errorCode (`refuse`); records every request with its JSON body.
 */
import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  path: string;
  /** The query's parameters. */
  query: Record<string, string>;
  body: unknown;
}

export class Refusal {
  constructor(
    readonly status: number,
    readonly errorCode: string,
  ) {}
}

export const refuse = (status: number, errorCode: string) => new Refusal(status, errorCode);

export function fetchServer(answers: Record<string, (body: unknown) => unknown | Promise<unknown>>) {
  const requests: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    const answer = answers[`${method} ${url.pathname}`];
    const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (!answer) return json(404, { success: false, errorCode: 'request.not.found', message: 'no' });
    const value = await answer(body);
    if (value instanceof Refusal) return json(value.status, { success: false, errorCode: value.errorCode, message: value.errorCode });
    return json(200, { success: true, value });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path) };
}
