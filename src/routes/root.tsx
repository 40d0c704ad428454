import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context.ts';
import { SiteLayout } from '../features/shell/app-shell.tsx';
import { RouteError } from '../features/shell/route-error.tsx';
import { RoutePending } from '../features/shell/route-pending.tsx';
import { ShellSlotsContext } from '../features/shell/shell-slots.tsx';
import { shellSlots } from './shell-slots.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Not awaited: the parts that show settings wait for them on their own.
  loader: ({ context }) => ({ settings: context.settings() }),
  component: RootLayout,
  errorComponent: RootError,
  pendingComponent: RoutePending,
});

function RootLayout() {
  const { settings } = Route.useLoaderData();
  return (
    <ShellSlotsContext value={shellSlots}>
      <SiteLayout settings={settings}>
        <Outlet />
      </SiteLayout>
    </ShellSlotsContext>
  );
}

function RootError() {
  const { settings } = Route.useRouteContext();
  return (
    <ShellSlotsContext value={shellSlots}>
      <SiteLayout settings={settings()}>
        <RouteError />
      </SiteLayout>
    </ShellSlotsContext>
  );
}
