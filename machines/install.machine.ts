import { fromCallback, fromPromise, setup } from 'xstate';

/**
 * What the browser says about where the site runs (spec sections 2 and 7),
 * read once when the app starts (src/app/install-actors.ts).
 */
export interface InstallFacts {
  /** Running as an installed web app (`display-mode: standalone`, or iOS's `navigator.standalone`). */
  standalone: boolean;
  /** A phone or tablet. */
  mobile: boolean;
  ios: boolean;
  /** iOS's version (major, minor), when the browser tells it. */
  iosVersion: readonly [number, number] | null;
  /** Safari itself (not another browser on iOS, nor a web view). */
  safari: boolean;
  /** The player closed the download bar before (remembered). */
  barClosed: boolean;
  /** The browser is online at start. */
  online: boolean;
}

export interface InstallContext {
  facts: InstallFacts;
}

export type InstallEvent =
  /** The browser offers its own install prompt (Chromium's `beforeinstallprompt`). */
  | { type: 'prompt.available' }
  | { type: 'install.accept' }
  | { type: 'app.installed' }
  | { type: 'bar.close' }
  /** A new version of the site is installed and waiting (the service worker). */
  | { type: 'update.available' }
  | { type: 'update.accept' }
  | { type: 'update.later' }
  | { type: 'network.online' }
  | { type: 'network.offline' };

/** The legacy-iOS tip (spec section 2): iOS 12.0, 12.1, or 11 and older. */
export function isLegacyIos(facts: InstallFacts): boolean {
  if (!facts.ios || !facts.iosVersion) return false;
  const [major, minor] = facts.iosVersion;
  return major <= 11 || (major === 12 && minor <= 1);
}

/** The add-to-home-screen hint: Safari on iOS, not installed. */
export const wantsHomeScreenHint = (facts: InstallFacts) => facts.ios && facts.safari && !facts.standalone;

/** The footer's Android link: when not on a phone, or on a phone that is not iOS. */
export const offersAndroidLink = (facts: InstallFacts) => !facts.mobile || !facts.ios;

/** Login and sign-up tell the server they come from the installed app (spec section 7: Device OTHERS, registerMethod PWA). */
export const isInstalledApp = (facts: InstallFacts) => facts.standalone;

/**
 * The installed app and its download offers (spec sections 2 and 7), in four
 * parallel regions:
 *
 * - `bar`: the download bar. Never shown in the installed app or after the
 *   player closed it (remembered); shown once there is something to offer
 *   (the browser's install prompt, or Safari's home-screen hint); `bar.close`
 *   remembers. (The merchant's download links are in the home's download
 *   block and popup.)
 * - `prompt`: the browser's own install prompt, when it offers one; accepted,
 *   the app is installed and the bar goes.
 * - `hint`: what the download block explains: the legacy-iOS tip, the
 *   add-to-home-screen hint on Safari iOS, or nothing.
 * - `update`: a new version waiting (the service worker); the player updates
 *   now (the page reloads on it) or later.
 * - `network`: online or offline (the "no internet" state).
 */
export const installMachine = setup({
  types: {
    context: {} as InstallContext,
    input: {} as InstallFacts,
    events: {} as InstallEvent,
  },
  actors: {
    /**
     * The browser's news: its install prompt offered, the app installed, online and offline, a new
     * version waiting (the service worker). Injected (src/app/install-actors.ts).
     */
    browserEvents: fromCallback<InstallEvent>(() => undefined),
    /** Shows the browser's install prompt; resolves whether the player accepted. Injected (src/app/install-actors.ts). */
    showInstallPrompt: fromPromise<boolean>(async () => false),
    /** Activates the waiting version and reloads the page. Injected. */
    applyUpdate: fromPromise<void>(async () => undefined),
  },
  actions: {
    /** Remembers that the player closed the bar. Injected. */
    rememberBarClosed: () => undefined,
  },
  guards: {
    installedApp: ({ context }) => isInstalledApp(context.facts),
    barClosedBefore: ({ context }) => context.facts.barClosed,
    homeScreenHint: ({ context }) => wantsHomeScreenHint(context.facts),
    legacyIos: ({ context }) => isLegacyIos(context.facts),
    accepted: ({ event }) => (event as unknown as { output: boolean }).output === true,
    startsOffline: ({ context }) => !context.facts.online,
  },
}).createMachine({
  id: 'install',
  type: 'parallel',
  context: ({ input }) => ({ facts: input }),
  invoke: { id: 'browser', src: 'browserEvents' },
  states: {
    bar: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'installedApp', target: 'hidden' },
            { guard: 'barClosedBefore', target: 'closed' },
            { guard: 'homeScreenHint', target: 'shown' },
            { target: 'waiting' },
          ],
        },
        waiting: {
          on: { 'prompt.available': 'shown', 'app.installed': 'hidden' },
        },
        shown: {
          on: { 'bar.close': { target: 'closed', actions: 'rememberBarClosed' }, 'app.installed': 'hidden' },
        },
        closed: {},
        hidden: {},
      },
    },
    prompt: {
      initial: 'unavailable',
      states: {
        unavailable: {
          on: { 'prompt.available': 'available', 'app.installed': 'installed' },
        },
        available: {
          on: { 'install.accept': 'prompting', 'app.installed': 'installed' },
        },
        prompting: {
          invoke: {
            id: 'installPrompt',
            src: 'showInstallPrompt',
            // The browser's prompt shows once: accepted, the app is installed; dismissed, it is gone
            // until the browser offers it again.
            onDone: [{ guard: 'accepted', target: 'installed' }, { target: 'unavailable' }],
            onError: 'unavailable',
          },
        },
        installed: {},
      },
    },
    hint: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'legacyIos', target: 'legacyIos' }, { guard: 'homeScreenHint', target: 'homeScreen' }, { target: 'none' }],
        },
        legacyIos: {},
        homeScreen: {},
        none: {},
      },
    },
    update: {
      initial: 'idle',
      states: {
        idle: { on: { 'update.available': 'available' } },
        available: { on: { 'update.accept': 'applying', 'update.later': 'later' } },
        applying: {
          invoke: { id: 'applyUpdate', src: 'applyUpdate', onDone: 'idle', onError: 'available' },
        },
        /** Asked again when another version arrives (or on the next visit). */
        later: { on: { 'update.available': 'available' } },
      },
    },
    network: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'startsOffline', target: 'offline' }, { target: 'online' }] },
        online: { on: { 'network.offline': 'offline' } },
        offline: { on: { 'network.online': 'online' } },
      },
    },
  },
});
