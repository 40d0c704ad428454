import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context.ts';
import { SiteLayout } from '../features/shell/app-shell.tsx';
import { RouteError } from '../features/shell/route-error.tsx';
import { RoutePending } from '../features/shell/route-pending.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RootError,
  pendingComponent: RoutePending,
});

function RootLayout() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}

function RootError() {
  return (
    <SiteLayout>
      <RouteError />
    </SiteLayout>
  );
}
