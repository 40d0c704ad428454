import { useMemo } from 'react';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { provideAppMachine } from './actors.ts';
import { AppActorContext } from './app-actor.tsx';
import { apiCall } from './api.ts';
import { AppRouter } from './app-router.tsx';
import type { AppRouterInstance } from './router.ts';
import { readCachedStatus, readLanguage } from './storage.ts';

/** The whole app: app actor (the root of the one actor system), messages in its language, router. */
export function AppRoot({ router, inspect }: { router: AppRouterInstance; inspect?: (ev: unknown) => void }) {
  const appLogic = useMemo(() => provideAppMachine(apiCall, router), [router]);
  return (
    <AppActorContext.Provider
      logic={appLogic}
      options={{
        systemId: 'app',
        input: { language: readLanguage(), cachedStatus: readCachedStatus() },
        ...(inspect ? { inspect } : {}),
      }}
    >
      <I18nProvider>
        <AppRouter router={router} />
      </I18nProvider>
    </AppActorContext.Provider>
  );
}
