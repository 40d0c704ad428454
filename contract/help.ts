/**
 * The help centre of spec section 7: `GET /wps/system/helpCenter` with `lang`
 * (plus `device` MOBILE) answers the merchant's help items in that language,
 * each a title and HTML content. Its own module: only the screens that show
 * help (the registration's terms) load it. See docs/lobby.md.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { optionalQuery } from './query.ts';

/** The key of the terms and conditions item (the registration disclaimer opens it). */
export const termsHelpKey = 'terms';

export const helpItemSchema = z.object({
  /** A stable name a screen finds the item by (`terms`), or null. */
  key: z.nullable(z.string()),
  title: z.string(),
  /** HTML as stored (script elements removed on write); render only through the sanitising component. */
  content: z.string(),
  /** The language the item is written in: the one asked for, or the fallback when that one has no items. */
  language: z.string(),
});
export type HelpItem = z.infer<typeof helpItemSchema>;

/**
 * A language code as the client sends it: two letters, optionally a region
 * (`EN`, `cn`, `zh-CN`, `en_US`). Anything else is a bad request; a
 * well-formed language without items falls back (see the endpoint).
 */
export const helpLanguageQuery = z.string().check(z.regex(/^[A-Za-z]{2}([-_][A-Za-z]{2})?$/));

export const helpCenterEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/system/helpCenter',
  tag: 'content',
  summary:
    "Help items in sequence, in `lang` (else the Language header); a language without items falls back to the merchant's default, then EN",
  query: z.object({
    lang: optionalQuery(helpLanguageQuery),
    /** The spec's client sends MOBILE; this site has only the mobile help. */
    device: optionalQuery(z.enum(['MOBILE'])),
  }),
  value: z.array(helpItemSchema),
});
