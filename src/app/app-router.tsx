import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { roleOf } from '../../machines/session.ts';
import { AppActorContext, selectRestoring, useRole } from './app-actor.tsx';
import type { AppRouterInstance } from './router.ts';
import type { RouterContext } from './router-context.ts';

/**
 * The router, with `context.auth.role()` reading the app actor. It waits for
 * the session to be restored (one microtask) so that a deep link to a member
 * screen is not sent to login, and re-runs the guards when the role changes
 * (e.g. after logout on a member screen).
 */
export function AppRouter({ router }: { router: AppRouterInstance }) {
  const actor = AppActorContext.useActorRef();
  const restoring = AppActorContext.useSelector(selectRestoring);
  const role = useRole();
  const context = useMemo<RouterContext>(
    () => ({ auth: { role: () => roleOf(actor.getSnapshot().context.session) } }),
    [actor],
  );

  const seenRole = useRef(role);
  useEffect(() => {
    if (seenRole.current === role) return;
    seenRole.current = role;
    void router.invalidate();
  }, [role, router]);

  if (restoring) return null;
  return <RouterProvider router={router} context={context} />;
}
