/**
 * The public calls a screen makes first, declared once for the client (the
 * code that makes the calls uses these declarations) and the server (which
 * answers them in the page, server/http/document.ts), and the images the
 * screen shows first. Pure: no browser or Vite API, the server imports it.
 * See docs/first-load.md.
 */
import type { Endpoint } from '../api/contract.ts';
import { systemStatusEndpoint } from '../api/system.ts';
import { homeAliasPaths, homePath } from './route-paths.ts';

export interface FirstCall {
  endpoint: Endpoint;
  query?: Record<string, unknown>;
}

/** Made by every page at start (the system status machine). */
export const statusCall = { endpoint: systemStatusEndpoint } satisfies FirstCall;

/** The screen a path shows first: the home aliases show home. */
export function firstScreenPath(pathname: string): string {
  return (homeAliasPaths as readonly string[]).includes(pathname) ? homePath : pathname;
}

/** The public calls the first screen of `pathname` makes, in the order it needs them. */
export function firstScreenCalls(pathname: string): FirstCall[] {
  switch (firstScreenPath(pathname)) {
    default:
      return [statusCall];
  }
}

/** Reads the answer of one of the screen's first calls, when the page has it. */
export type AnswerOf = (endpoint: Endpoint, query?: Record<string, unknown>) => unknown;

/** The images the first screen of `pathname` shows first, the largest first. */
export function firstScreenImages(pathname: string, _answerOf: AnswerOf): string[] {
  switch (firstScreenPath(pathname)) {
    default:
      return [];
  }
}
