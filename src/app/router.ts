import { createRouter, type RouterHistory } from '@tanstack/react-router';
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
  });
}

export type AppRouterInstance = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouterInstance;
  }
}
