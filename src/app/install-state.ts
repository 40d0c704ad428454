/**
 * The installed app's part of every page's first load, kept small: the
 * service worker's registration (production builds), and the few browser
 * signals after which the install layer (src/features/shell/install-layer.tsx,
 * with the install machine, machines/install.machine.ts) has something to
 * do: the browser offers its install prompt, the network goes away, a new
 * version is waiting, the page runs on iOS (Safari's home-screen hint and
 * the legacy-iOS tip are the machine's to decide), or a screen asks for it
 * (the download popup). Until one of them the layer is not loaded at all;
 * after it, the machine decides everything.
 */
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { installMachine } from '../../machines/install.machine.ts';

export type InstallActorRef = ActorRefFrom<typeof installMachine>;

/** The running install actor, given to the tree by the shell once the layer has started it. */
export const InstallActorContext = createContext<InstallActorRef | null>(null);
export const useInstallActor = () => useContext(InstallActorContext);

/** Chromium's install prompt (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** What the browser said before the layer was loaded, for the machine to take over. */
export const installSignals: {
  prompt: BeforeInstallPromptEvent | null;
  registration: ServiceWorkerRegistration | null;
  wanted: boolean;
  onWanted: (() => void) | null;
} = { prompt: null, registration: null, wanted: false, onWanted: null };

/** Loads the install layer (once). */
export function wantInstallLayer() {
  if (installSignals.wanted) return;
  installSignals.wanted = true;
  installSignals.onWanted?.();
}

/** A version waiting while another one controls the page: an update to offer. */
export const hasWaitingUpdate = (registration: ServiceWorkerRegistration | null) =>
  !!registration?.waiting && !!navigator.serviceWorker.controller;

/** Called once at start (src/main.tsx). */
export function watchInstallSignals() {
  addEventListener('beforeinstallprompt', (event) => {
    // The site offers installing in its own bar, at the player's tap.
    event.preventDefault();
    installSignals.prompt = event as BeforeInstallPromptEvent;
    wantInstallLayer();
  });
  addEventListener('offline', wantInstallLayer);
  if (!navigator.onLine || /iP(hone|ad|od)/.test(navigator.userAgent)) wantInstallLayer();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page has loaded: the worker then fetches the shell it keeps, never before the first screen.
  addEventListener('load', async () => {
    const registration = await navigator.serviceWorker.register('/sw.js').catch(() => null);
    installSignals.registration = registration;
    const check = () => hasWaitingUpdate(registration) && wantInstallLayer();
    check();
    registration?.addEventListener('updatefound', () => registration.installing?.addEventListener('statechange', check));
  });
}
