import { type ComponentProps, type ReactNode, useMemo } from 'react';
import type { InspectionEvent } from 'xstate';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { provideAppMachine } from './actors.ts';
import { AppActorContext, useLanguage } from './app-actor.tsx';
import { apiCall } from './api.ts';
import { AppRouter } from './app-router.tsx';
import type { AppRouterInstance } from './router.ts';
import { readCachedStatus, readLanguage } from './storage.ts';

/**
 * The whole app: app actor, messages in its language, router. The app actor is
 * the root of the one actor system (system id `app`); `inspect` (development
 * and preview builds, `?inspect`: src/main.tsx) sees every actor of that
 * system from its start.
 */
export function AppRoot({ router, inspect }: { router: AppRouterInstance; inspect?: ((inspectionEvent: InspectionEvent) => void) | undefined }) {
  const appLogic = useMemo(() => provideAppMachine(apiCall, router), [router]);
  return (
    <AppActorContext.Provider
      logic={appLogic}
      options={{ input: { language: readLanguage(), cachedStatus: readCachedStatus() }, systemId: 'app', inspect }}
    >
      <AppI18n>
        <AppRouter router={router} />
      </AppI18n>
    </AppActorContext.Provider>
  );
}

/** The messages of the app machine's language, for everything below. */
export function AppI18n({ children, load }: { children: ReactNode; load?: ComponentProps<typeof I18nProvider>['load'] }) {
  return (
    <I18nProvider language={useLanguage()} {...(load ? { load } : {})}>
      {children}
    </I18nProvider>
  );
}
