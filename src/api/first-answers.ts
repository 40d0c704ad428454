/**
 * The client's half of the first answers (contract/first-answers.ts): reads
 * the answers the page carries and answers each call once from them.
 */
import type * as z from 'zod/mini';
import { callKey, type FirstAnswer, firstAnswerLifetimeMs, firstAnswers, firstAnswersElementId } from '../../contract/first-answers.ts';
import type { ApiCall } from './client.ts';
import type { CallArgs, Endpoint, ValueOf } from '../../contract/endpoint.ts';

/** Reads the answers the page carries (none when absent or malformed). */
export function readFirstAnswers(doc: Pick<Document, 'getElementById'> | undefined): FirstAnswer[] {
  const text = doc?.getElementById(firstAnswersElementId)?.textContent;
  if (!text) return [];
  try {
    const parsed = firstAnswers.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export interface FirstAnswerContext {
  merchant: string;
  language: () => string;
  /** Milliseconds since the page loaded. */
  sinceLoad: () => number;
}

/**
 * Wraps the API client: a GET that has a first answer for its key, merchant
 * and language is answered from it once (checked with the endpoint's schema
 * like any answer); every other call, and any later one, goes out.
 */
export function withFirstAnswers(call: ApiCall, answers: readonly FirstAnswer[], context: FirstAnswerContext): ApiCall {
  if (answers.length === 0) return call;
  const pending = new Map(answers.map((a) => [a.key, a]));
  return <E extends Endpoint>(endpoint: E, args?: CallArgs<E>): Promise<ValueOf<E>> => {
    if (pending.size > 0 && endpoint.method === 'GET') {
      const key = callKey(endpoint, args?.query as Record<string, unknown> | undefined);
      const answer = pending.get(key);
      if (answer) {
        pending.delete(key);
        const fresh = context.sinceLoad() < firstAnswerLifetimeMs;
        const parsed = (endpoint.value as z.ZodMiniType).safeParse(answer.value);
        if (fresh && answer.merchant === context.merchant && answer.language === context.language() && parsed.success) {
          return Promise.resolve(parsed.data as ValueOf<E>);
        }
      }
    }
    return call(endpoint, args);
  };
}
