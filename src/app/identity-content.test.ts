import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../api/client.ts';
import type { DownloadLink } from '../../contract/content.ts';
import { appDownloadFor, loadLoginContent, loadRegistrationNotice } from './identity-actors.ts';
import { toRegisterPayload } from './registration-payload.ts';

const link = (resourceType: DownloadLink['resourceType'], url: string): DownloadLink => ({ resourceType, url, labelNameEn: resourceType });
const links = [link('Android', 'https://x/app.apk'), link('IOS', 'https://x/app.ipa'), link('MOBILECONFIG', 'https://x/p.mobileconfig')];
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/125 Mobile Safari/537.36';

describe('the login screen content', () => {
  it('picks the configuration profile (else the app) on iOS and the Android app elsewhere', () => {
    expect(appDownloadFor(links, iphone)?.resourceType).toBe('MOBILECONFIG');
    expect(appDownloadFor(links.slice(0, 2), iphone)?.resourceType).toBe('IOS');
    expect(appDownloadFor(links, android)?.resourceType).toBe('Android');
    expect(appDownloadFor([link('TELEGRAM', 'https://t.me/x')], android)).toBeNull();
  });

  it('asks for the m_login banners, and shows the form alone when the content cannot be loaded', async () => {
    const asked: unknown[] = [];
    const call = (async (endpoint: { path: string }, args?: { query?: unknown }) => {
      asked.push({ path: endpoint.path, query: args?.query });
      throw new Error('offline');
    }) as unknown as ApiCall;
    await expect(loadLoginContent(call)).resolves.toEqual({ banners: [], download: null });
    expect(asked).toContainEqual({ path: '/wps/content/banners', query: { groupName: 'm_login', platform: 'M' } });
    await expect(loadRegistrationNotice(call)).resolves.toEqual([]);
    expect(asked).toContainEqual({ path: '/wps/content/announcements', query: { types: 'B', groupName: 'm_reg', platform: 'M' } });
  });
});

describe('the registration payload', () => {
  it('sends the hostname as registerUrl', () => {
    const payload = toRegisterPayload({ username: 'newbie1', password: 'Secret#2026', confimpsw: 'Secret#2026' }, null);
    expect(payload.registerUrl).toBe(location.hostname);
    expect(payload.registerUrl).not.toContain('/');
    expect(payload).toMatchObject({ registerMethod: 'H5', type: 0, domain: location.host });
  });
});
