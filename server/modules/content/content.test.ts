import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementsEndpoint,
  bannerGroups,
  bannersEndpoint,
  customerServiceEndpoint,
  downloadLinksEndpoint,
  footerEndpoint,
  homeAnnouncementTypes,
} from '../../../contract/content.ts';
import { type Endpoint, failureEnvelope, successEnvelope, type ValueOf } from '../../../contract/endpoint.ts';
import { buildApp } from '../../app.ts';
import { stripScripts } from '../../lib/strip-scripts.ts';
import { demoVendors } from '../../seed/seed-catalogue.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp({ db: testDb.db, merchantCacheTtlMs: 0 });
});
afterAll(async () => {
  await app.close();
  await testDb.close();
});

async function call<E extends Endpoint>(endpoint: E, query = ''): Promise<ValueOf<E>> {
  const res = await app.inject({ url: `${endpoint.path}${query ? `?${query}` : ''}`, headers: { merchant: 'DEMO' } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return successEnvelope(endpoint.value).parse(res.json()).value as ValueOf<E>;
}

async function status(url: string): Promise<{ statusCode: number; errorCode?: string }> {
  const res = await app.inject({ url, headers: { merchant: 'DEMO' } });
  return { statusCode: res.statusCode, errorCode: res.statusCode >= 400 ? failureEnvelope.parse(res.json()).errorCode : undefined };
}

describe('GET /wps/content/banners', () => {
  it.each([...bannerGroups])('lists group %s in sequence with a local SVG image', async (group) => {
    const { list } = await call(bannersEndpoint, `groupName=${group}`);
    expect(list.length).toBeGreaterThan(0);
    for (const banner of list) expect(banner.groupName).toBe(group);
    expect(list.map((b) => b.sequence)).toEqual([...list.map((b) => b.sequence)].sort((a, b) => a - b));
    const image = await app.inject({ url: list[0]!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('has four home banners', async () => {
    expect((await call(bannersEndpoint, 'groupName=m_home')).list).toHaveLength(4);
  });

  it.each(['', 'groupName=m_nope', 'groupName=m_home&groupName=m_reg'])('answers 400 to "%s"', async (query) => {
    expect(await status(`${bannersEndpoint.path}?${query}`)).toEqual({ statusCode: 400, errorCode: 'request.invalid' });
  });
});

describe('GET /wps/content/announcements', () => {
  it('groups the current mobile announcements of the home types', async () => {
    const groups = await call(announcementsEndpoint, `types=${homeAnnouncementTypes}&platform=M`);
    const titles = (list: { title: string }[]) => list.map((a) => a.title);
    expect(titles(groups.hot)).toEqual(['Welcome to Lucky Bay', 'New slots every week']);
    expect(titles(groups.player)).toEqual(['Scheduled maintenance', 'Responsible gaming', 'Security reminder']);
    expect(titles(groups.banners)).toEqual(['Deposit bonus 258']);
    expect(titles(groups.popup)).toEqual(['Daily check-in']);
    expect(titles(groups.promotion)).toEqual(['Weekend reload 20%', 'Refer a friend']);
    expect(groups.agent).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    for (const a of Object.values(groups).flat()) {
      expect(a.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(a.startDate <= today).toBe(true);
      expect(a.endDate === null || a.endDate >= today).toBe(true);
      expect(a.read).toBe(false);
      expect(a.content).not.toMatch(/<script/i);
    }
  });

  it('filters by types, group and platform', async () => {
    const player = await call(announcementsEndpoint, 'types=PL');
    expect(player.player).toHaveLength(3);
    expect([...player.hot, ...player.banners, ...player.popup, ...player.promotion]).toEqual([]);
    const web = await call(announcementsEndpoint, 'types=PL&platform=W');
    expect(web.player.map((a) => a.title)).toContain('Desktop only notice');
    const registration = await call(announcementsEndpoint, 'types=B&groupName=m_reg&platform=M');
    expect(registration.banners.map((a) => a.title)).toEqual(['Welcome to registration']);
    // Agent notices are for agents only (server/modules/content/notices.test.ts): a guest gets none.
    const agent = await call(announcementsEndpoint, 'types=A&groupName=m_home');
    expect(agent.agent).toEqual([]);
  });

  it.each(['', 'types=', 'types=X', 'types=B,,PL', 'types=B&types=PL', 'types=B&platform=X'])(
    'answers 400 to "%s"',
    async (query) => {
      expect(await status(`${announcementsEndpoint.path}?${query}`)).toEqual({ statusCode: 400, errorCode: 'request.invalid' });
    },
  );

  it('strips script elements and handlers on write', () => {
    expect(stripScripts('<p onclick="x()">a</p><script>alert(1)</script><SCRIPT src=x></SCRIPT><a href="javascript:alert(1)">b</a>')).toBe(
      '<p>a</p><a href="#">b</a>',
    );
  });
});

describe('footer, customer service, download links', () => {
  it('gives vendor logos, links and the copyright year', async () => {
    const footer = await call(footerEndpoint);
    expect(footer.vendorLogos.map((v) => v.vassalage)).toEqual(demoVendors.map((v) => v.code));
    expect(footer.customerService.map((c) => c.csType)).toEqual(expect.arrayContaining(['LIVECHAT', 'FACEBOOK', 'YOUTUBE']));
    expect(footer.downloadLinks.map((d) => d.resourceType)).toEqual(expect.arrayContaining(['IOS', 'Android']));
    expect(footer.copyrightYear).toBe(2025);
    expect((await call(customerServiceEndpoint)).list).toEqual(footer.customerService);
    expect((await call(downloadLinksEndpoint)).list).toEqual(footer.downloadLinks);
  });
});
