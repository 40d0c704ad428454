/**
 * The help centre's calls: GET /wps/system/helpCenter (device MOBILE) in the
 * site's current language, the one every call's Language header carries.
 * The help centre screen (/m/help) shows every item; the registration's
 * terms sheet picks the item with key `terms` (src/app/terms-actors.ts).
 */
import { fromPromise } from 'xstate';
import { type HelpItem, helpCenterEndpoint } from '../../contract/help.ts';
import { type HelpEntry, helpCenterMachine } from '../../machines/help-center.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import { readLanguage } from './storage.ts';

/** Every help item of the merchant in the site's language (or the server's fallback language). */
export function loadHelpItems(call: ApiCall, signal?: AbortSignal): Promise<HelpItem[]> {
  return call(helpCenterEndpoint, { query: { lang: readLanguage(), device: 'MOBILE' }, signal });
}

export function provideHelpCenterMachine(call: ApiCall = apiCall) {
  return helpCenterMachine.provide({
    actors: {
      loadHelp: fromPromise<HelpEntry[]>(async ({ signal }) =>
        (await loadHelpItems(call, signal)).map(({ title, content }) => ({ title, content })),
      ),
    },
  });
}
