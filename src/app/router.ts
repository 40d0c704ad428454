import { createRouter, parseSearchWith, type RouterHistory, stringifySearchWith } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import type { RouterContext } from './router-context.ts';

/** The site's router; tests pass a memory history. */
export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    ...(options.history ? { history: options.history } : {}),
    // Filled in by <AppRouter> from the app actor before the first navigation.
    context: { auth: undefined!, settings: undefined! } as RouterContext,
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultPendingMs: 400,
    // Plain values stay plain in the URL (`?id=1`, never `?id=%221%22`): every value is read as
    // the string it is and written back as it was; the routes' search schemas coerce (contract/route-search.ts).
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
  });
}

export type AppRouterInstance = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouterInstance;
  }
}
