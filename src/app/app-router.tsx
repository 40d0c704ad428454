import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { roleOf } from '../../machines/session.ts';
import { onMaintenanceAnswer, onSessionEnded } from './api.ts';
import { AppActorContext, selectRestoring, useRole } from './app-actor.tsx';
import type { AppRouterInstance } from './router.ts';
import type { RouterContext } from './router-context.ts';
import { siteSettings } from './site-settings.ts';

/**
 * The router, with `context.auth.role()` reading the app actor and
 * `context.settings()` the merchant's settings. It waits for
 * the session to be restored (one microtask) so that a deep link to a member
 * screen is not sent to login, and re-runs the guards when the role changes
 * (e.g. after logout on a member screen). A session the server ended (reported
 * by the API client, src/app/api.ts) becomes the app machine's `session.expire`;
 * a call answered system.maintenance asks the system status again.
 */
export function AppRouter({ router, settings = siteSettings }: { router: AppRouterInstance; settings?: RouterContext['settings'] }) {
  const actor = AppActorContext.useActorRef();
  const restoring = AppActorContext.useSelector(selectRestoring);
  const role = useRole();
  const context = useMemo<RouterContext>(
    () => ({ auth: { role: () => roleOf(actor.getSnapshot().context.session) }, settings }),
    [actor, settings],
  );

  useEffect(
    () => onSessionEnded(({ errorCode, token }) => actor.send({ type: 'session.expire', errorCode, token })),
    [actor],
  );
  // A call answered system.maintenance: the status is asked again, and the maintenance page shows.
  useEffect(() => onMaintenanceAnswer(() => actor.system.get('systemStatus')?.send({ type: 'status.refresh' })), [actor]);

  const seenRole = useRef(role);
  useEffect(() => {
    if (seenRole.current === role) return;
    seenRole.current = role;
    void router.invalidate();
  }, [role, router]);

  if (restoring) return null;
  return <RouterProvider router={router} context={context} />;
}
