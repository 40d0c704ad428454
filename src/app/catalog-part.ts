import type { CatalogPart } from '../i18n/catalog-parts.ts';
import { loadCatalogPart } from '../i18n/catalogs.ts';
import { readLanguage } from './storage.ts';

/**
 * A route's loader: the catalog part its screen shows (`useCatalogPart`) in
 * the site's language, with the route's own data (`load`). The screen then
 * renders with its messages at once instead of suspending on its first
 * render (one commit less before the first paint of a screen opened
 * directly). A part that fails to load is left to the screen, which asks
 * again.
 */
export async function withCatalogPart<T = undefined>(part: CatalogPart, load?: () => Promise<T>): Promise<T> {
  const [data] = await Promise.all([load?.(), loadCatalogPart(readLanguage(), part).catch(() => undefined)]);
  return data as T;
}

/**
 * The loader of the lobby's category pages: the lobby's messages and the
 * vendors' game types (null when they failed: the page shows its retry).
 * One function for every such route, so the entry carries its lazy import once.
 */
export function loadLobbyVendorTypes() {
  return withCatalogPart('lobby', async () => (await import('./lobby-actors.ts')).loadVendorTypesOrNull());
}

/** The loaders of the identity screens, in the identity actors' chunk. */
type IdentityLoaders = Pick<typeof import('./identity-actors.ts'), 'loadLoginScreen' | 'loadRegistrationNotice' | 'loadIdentitySwitches'>;

/**
 * The identity screens' loaders (login, register, forget): the identity part's messages and what the
 * screen shows first, from the identity actors (their own chunk). One function, named by the loader it
 * runs, so the entry carries the lazy import once.
 */
export function loadIdentityRoute<K extends keyof IdentityLoaders>(loader: K): ReturnType<IdentityLoaders[K]> {
  return withCatalogPart('identity', async () => (await import('./identity-actors.ts'))[loader]()) as ReturnType<IdentityLoaders[K]>;
}
