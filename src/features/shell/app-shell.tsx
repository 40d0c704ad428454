import { useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AppActorContext, useSiteStatus } from '../../app/app-actor.tsx';
import { useBrandName } from '../../app/brand.ts';
import { isStaffPath, showsBottomBar, titleId } from '../../app/layout-rules.ts';
import type { SettingsPromise } from '../../app/site-settings.ts';
import { InstallActorContext, type InstallActorRef, installSignals } from '../../app/install-state.ts';
import { useT } from '../../i18n/use-t.ts';
import styles from './app-shell.module.css';
import { BottomMenu } from './bottom-menu.tsx';
import { Header } from './header.tsx';
import { useShellSlots } from './shell-slots.tsx';

/** The maintenance and IP-restricted pages: loaded only when the system status calls for one. */
const SiteStatusPage = lazy(() => import('./site-status-page.tsx'));

/** The installed app's bar, update prompt and offline notice: loaded when the browser gives them something to do. */
const InstallLayer = lazy(() => import('./install-layer.tsx'));

/** The path of the screen on display (the one being left, until the next is ready). */
export function useShownPath(): string {
  return useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).pathname });
}

/** Header, routed content and bottom bar, laid out by the rules of the path; the staff console is a wide page without them. */
export function AppShell({ children, settings }: { children: ReactNode; settings: SettingsPromise }) {
  const t = useT();
  const path = useShownPath();
  const bottomBar = showsBottomBar(path);
  const staff = isStaffPath(path);
  const title = t(titleId(path));
  const brand = useBrandName();
  const { ChatLauncher } = useShellSlots();
  // The chat launcher's toast, once the launcher runs (any entry point may have started it).
  const chatLaunching = AppActorContext.useSelector((s) => Boolean(s.children.chatLaunch));
  const [installActor, setInstallActor] = useState<InstallActorRef | null>(null);
  // The install layer loads once the browser gave it something to do (src/app/install-state.ts).
  const [installWanted, setInstallWanted] = useState(installSignals.wanted);
  useEffect(() => {
    installSignals.onWanted = () => setInstallWanted(true);
    if (installSignals.wanted) setInstallWanted(true);
    return () => {
      installSignals.onWanted = null;
    };
  }, []);

  useEffect(() => {
    document.title = t('app.documentTitle', { title, name: brand });
  }, [t, title, brand]);

  return (
    <InstallActorContext value={installActor}>
      <a href="#main" className={styles.skip}>
        {t('shell.skipToContent')}
      </a>
      {staff ? null : <Header path={path} />}
      <main id="main" tabIndex={-1} className={[styles.main, bottomBar && styles.withBottomBar, staff && styles.wide].filter(Boolean).join(' ')}>
        {children}
      </main>
      {bottomBar ? <BottomMenu path={path} settings={settings} /> : null}
      {chatLaunching ? (
        <Suspense fallback={null}>
          <ChatLauncher />
        </Suspense>
      ) : null}
      {installWanted ? (
        <Suspense fallback={null}>
          <InstallLayer path={path} onActor={setInstallActor} />
        </Suspense>
      ) : null}
    </InstallActorContext>
  );
}

/**
 * The root layout: the site, or the maintenance / IP-restricted page when the
 * system status says so ('unknown' and 'normal' show the site).
 */
export function SiteLayout({ children, settings }: { children: ReactNode; settings: SettingsPromise }) {
  const { status, context } = useSiteStatus();
  const statusActor = AppActorContext.useSelector((s) => s.children.systemStatus);
  if (status === 'maintenance' || status === 'restricted') {
    return (
      <Suspense fallback={null}>
        <SiteStatusPage
          status={status}
          info={context?.answer?.info ?? null}
          ip={context?.answer?.ip ?? null}
          onRetry={() => statusActor?.send({ type: 'status.refresh' })}
        />
      </Suspense>
    );
  }
  return <AppShell settings={settings}>{children}</AppShell>;
}
