/**
 * The merchant's consolidated settings (currency, languages, switches, the
 * deposit bonus badge), asked for once per page life by the root route's
 * loader and shared by every screen; the first page has them in its first
 * answers (docs/first-load.md). A failed read is null (the site works without
 * them) and is asked again on the next navigation.
 */
import type { ConsolidatedSettings } from '../../contract/system.ts';
import { consolidatedSettingsEndpoint } from '../../contract/system.ts';
import { apiCall } from './api.ts';
import { settleMark } from '../lib/settle-mark.ts';

let pending: Promise<ConsolidatedSettings | null> | null = null;

export function siteSettings(): Promise<ConsolidatedSettings | null> {
  pending ??= settleMark(
    apiCall(consolidatedSettingsEndpoint).catch(() => {
      pending = null;
      return null;
    }),
  );
  return pending;
}

/** The merchant's settings, on their way (the root route's loader). */
export type SettingsPromise = ReturnType<typeof siteSettings>;

/** The settings if they are in (never waits): null before they arrived or when they could not be read. */
export function settledSiteSettings(): ConsolidatedSettings | null {
  const settled = pending as (Promise<ConsolidatedSettings | null> & { status?: string; value?: ConsolidatedSettings | null }) | null;
  return settled?.status === 'fulfilled' ? (settled.value ?? null) : null;
}
