/**
 * First answers: the answers of a screen's first public calls, put in the
 * page by the server (`<script type="application/json" id="mc-first-answers">`)
 * so the first screen does not wait for a round trip per call after the code
 * has booted. The client takes each answer once, for the same call (path and
 * query), merchant and language, shortly after the page loaded; anything else
 * goes to the network as usual. See docs/first-load.md.
 */
import * as z from 'zod/mini';
import type { Endpoint } from './endpoint.ts';

/** The element of the page that carries the answers. */
export const firstAnswersElementId = 'mc-first-answers';

/** How long after the page loaded an answer may still stand in for the call. */
export const firstAnswerLifetimeMs = 60_000;

export const firstAnswer = z.object({
  /** `GET <path>?<canonical query>` (`callKey`). */
  key: z.string(),
  merchant: z.string(),
  language: z.string(),
  value: z.unknown(),
});
export type FirstAnswer = z.infer<typeof firstAnswer>;
export const firstAnswers = z.array(firstAnswer);

/**
 * One string per call: method, path and the query with its keys sorted,
 * blank values left out and every value as the string it is on the wire.
 */
export function callKey(endpoint: Pick<Endpoint, 'method' | 'path'>, query?: Record<string, unknown>): string {
  return `${endpoint.method} ${endpoint.path}${queryString(query)}`;
}

/** The canonical query string (`?a=1&b=x`, or empty) of `callKey`, also what the server requests. */
export function queryString(query?: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(query ?? {}).sort()) {
    const value = query?.[name];
    if (value === undefined || value === null || value === '') continue;
    params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

