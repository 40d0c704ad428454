/**
 * Navigation as the machines ask for it. Every machine that sends the player
 * somewhere names a `goTo` action; its one implementation (`goTo` below)
 * sends the app machine a `navigate` event through the actor system, and the
 * app machine's `navigate` action (`navigateWith`) moves the router. So every
 * redirect of every flow is an event the inspector shows.
 */
import type { Navigation } from '../../contract/route-paths.ts';
import { type SystemArgs, sendToApp } from './app-events.ts';
import type { AppRouterInstance } from './router.ts';

/** The `goTo` action of every machine: the app machine navigates. */
export function goTo(args: SystemArgs, navigation: Navigation) {
  sendToApp(args, { type: 'navigate', ...navigation });
}

/** The app machine's `navigate` action, on the site's router. */
export function navigateWith(router: AppRouterInstance) {
  return (_: unknown, navigation: Navigation) => {
    if ('back' in navigation) {
      if (router.history.canGoBack()) router.history.back();
      else void router.navigate({ to: navigation.to, replace: true });
    } else if ('href' in navigation) {
      void router.navigate({ href: navigation.href, replace: navigation.replace });
    } else {
      void router.navigate({ to: navigation.to, search: navigation.search, replace: navigation.replace });
    }
  };
}
