/**
 * The one check of every string a client sends: no NUL character and no
 * lone UTF-16 surrogate (what an invalid UTF-8 or a `\ud800` JSON escape
 * decodes to). PostgreSQL refuses NUL in text (`invalid byte sequence for
 * encoding "UTF8": 0x00`) and a lone surrogate cannot be stored as written,
 * so such a request is answered 400 `request.invalid` before any handler runs:
 * the query, the path parameters, the headers and the parsed body (a hook
 * installed by `installInputTextCheck`), and the opened payload of an
 * encrypted body (`assertCleanInput`, called by the crypto module).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds NUL or is not well-formed UTF-16. */
export function isUncleanText(text: string): boolean {
  return text.includes('\u0000') || loneSurrogate.test(text);
}

/** The path (`a.b[0]`, `(key)` for a key itself) of the first unclean string inside a value, or null. */
export function findUncleanText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isUncleanText(value) ? path || '(root)' : null;
  // Parsed JSON nests at most as deep as the body limit allows; stop well before the stack does.
  if (value === null || typeof value !== 'object' || depth > 200) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUncleanText(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (isUncleanText(key)) return `${at} (key)`;
    const found = findUncleanText(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws 400 request.invalid when a value holds an unclean string. */
export function assertCleanInput(value: unknown, where: string): void {
  const found = findUncleanText(value);
  if (found) throw AppError.invalid(`Invalid ${where}: ${found}: NUL characters and invalid Unicode are not accepted`);
}

/** Checks query, path parameters, headers and body of every request, before validation and handlers. */
export function installInputTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertCleanInput(request.params, 'path');
    assertCleanInput(request.query, 'query');
    assertCleanInput(request.headers, 'header');
    assertCleanInput(request.body, 'body');
  });
}
