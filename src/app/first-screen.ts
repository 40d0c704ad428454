/**
 * The public calls a screen makes first, declared once for the client (the
 * code that makes the calls uses these declarations) and the server (which
 * answers them in the page, server/http/document.ts), and the images the
 * screen shows first. Pure: no browser or Vite API, the server imports it.
 * See docs/first-load.md.
 */
import type { Endpoint } from '../api/contract.ts';
import { consolidatedSettingsEndpoint, systemStatusEndpoint } from '../api/system.ts';
import { downloadLinksCall, loginBannersCall, whitelabelCall } from './login-calls.ts';
import { homeAliasPaths, homePath } from './route-paths.ts';

export interface FirstCall {
  endpoint: Endpoint;
  query?: Record<string, unknown>;
}

/** Made by every page at start: the system status machine, and the root route's merchant settings. */
export const statusCall = { endpoint: systemStatusEndpoint } satisfies FirstCall;
export const settingsCall = { endpoint: consolidatedSettingsEndpoint } satisfies FirstCall;
const everyPage: FirstCall[] = [statusCall, settingsCall];

/** The first image URL of a list answer (`{ list: [{ url }] }`), when there is one. */
function firstListUrl(answer: unknown): string[] {
  const url = (answer as { list?: { url?: unknown }[] } | undefined)?.list?.[0]?.url;
  return typeof url === 'string' && url.startsWith('/') ? [url] : [];
}

/** The screen a path shows first: the home aliases show home. */
export function firstScreenPath(pathname: string): string {
  return (homeAliasPaths as readonly string[]).includes(pathname) ? homePath : pathname;
}

/** The public calls the first screen of `pathname` makes, in the order it needs them. */
export function firstScreenCalls(pathname: string): FirstCall[] {
  switch (firstScreenPath(pathname)) {
    case '/m/login':
      return [...everyPage, whitelabelCall, loginBannersCall, downloadLinksCall];
    default:
      return everyPage;
  }
}

/** Reads the answer of one of the screen's first calls, when the page has it. */
export type AnswerOf = (endpoint: Endpoint, query?: Record<string, unknown>) => unknown;

/** The images the first screen of `pathname` shows first, the largest first. */
export function firstScreenImages(pathname: string, answerOf: AnswerOf): string[] {
  switch (firstScreenPath(pathname)) {
    case '/m/login':
      return firstListUrl(answerOf(loginBannersCall.endpoint, loginBannersCall.query));
    default:
      return [];
  }
}
