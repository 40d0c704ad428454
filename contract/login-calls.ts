/**
 * The public calls the login screen makes first (its loader), declared once
 * for the screen and for the server, which answers them in the page
 * (server/http/first-screen.ts, docs/first-load.md). Pure: no browser API.
 */
import { bannersEndpoint, downloadLinksEndpoint } from './content.ts';
import { whitelabelEndpoint } from './system.ts';

/** The white-label switches (SMS login tab, reset by phone). */
export const whitelabelCall = { endpoint: whitelabelEndpoint } as const;
/** The login screen's banners (group m_login). */
export const loginBannersCall = { endpoint: bannersEndpoint, query: { groupName: 'm_login', platform: 'M' } } as const;
/** The app download links. */
export const downloadLinksCall = { endpoint: downloadLinksEndpoint, query: {} } as const;
