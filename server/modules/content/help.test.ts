import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureEnvelope, successEnvelope } from '../../../contract/endpoint.ts';
import { type HelpItem, helpCenterEndpoint } from '../../../contract/help.ts';
import { buildApp } from '../../app.ts';
import { helpItems } from '../../db/schema-catalogue.ts';
import { merchants } from '../../db/schema.ts';
import { demoMerchant } from '../../seed/seed.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { saveHelpItems } from './service.ts';

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp({ db: testDb.db, merchantCacheTtlMs: 0 });
  // A merchant whose default language is CN, with help in CN and EN only.
  await testDb.db.insert(merchants).values({ ...demoMerchant, code: 'CNDEF', enabledLanguages: ['CN', 'EN', 'TH'], defaultLanguage: 'CN' });
  await saveHelpItems(testDb.db, [
    { merchantCode: 'CNDEF', language: 'CN', key: 'terms', title: '条款', content: '<p>中文条款</p>', sequence: 1 },
    { merchantCode: 'CNDEF', language: 'EN', key: 'terms', title: 'Terms', content: '<p>English terms</p>', sequence: 1 },
  ]);
  // A merchant whose default language (TH) has no help: EN is the last fallback.
  await testDb.db.insert(merchants).values({ ...demoMerchant, code: 'THDEF', enabledLanguages: ['TH', 'EN'], defaultLanguage: 'TH' });
  await saveHelpItems(testDb.db, [{ merchantCode: 'THDEF', language: 'EN', key: null, title: 'About us', content: '<p>About</p>', sequence: 1 }]);
  // A merchant without any help item.
  await testDb.db.insert(merchants).values({ ...demoMerchant, code: 'NOHELP' });
});
afterAll(async () => {
  await app.close();
  await testDb.close();
});

async function help(query: string, headers: Record<string, string> = {}, merchant = 'DEMO'): Promise<HelpItem[]> {
  const res = await app.inject({ url: `${helpCenterEndpoint.path}${query ? `?${query}` : ''}`, headers: { merchant, ...headers } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return successEnvelope(helpCenterEndpoint.value).parse(res.json()).value;
}

async function refused(query: string): Promise<{ statusCode: number; errorCode: string }> {
  const res = await app.inject({ url: `${helpCenterEndpoint.path}?${query}`, headers: { merchant: 'DEMO' } });
  return { statusCode: res.statusCode, errorCode: failureEnvelope.parse(res.json()).errorCode };
}

const titles = (items: HelpItem[]) => items.map((i) => i.title);
const englishTitles = ['Terms and conditions', 'Responsible gaming', 'How to deposit', 'How to withdraw', 'Privacy'];
const chineseTitles = ['用户协议', '负责任博彩', '如何存款', '如何提款', '隐私政策'];

describe('GET /wps/system/helpCenter', () => {
  it('lists the English help items in sequence, the terms first with their key', async () => {
    const items = await help('lang=EN&device=MOBILE');
    expect(titles(items)).toEqual(englishTitles);
    expect(items.every((i) => i.language === 'EN')).toBe(true);
    const terms = items.find((i) => i.key === 'terms')!;
    expect(terms.title).toBe('Terms and conditions');
    // The age of the birthday check, one account per person, responsible gaming, bonuses, closing for fraud.
    expect(terms.content).toContain('at least 21 years old');
    expect(terms.content).toContain('one account only');
    expect(terms.content).toContain('Responsible gaming');
    expect(terms.content).toContain('Bonuses and promotions');
    expect(terms.content).toMatch(/suspend or close an account[^<]*fraud/);
  });

  it('lists the Chinese help items in Chinese', async () => {
    const items = await help('lang=CN&device=MOBILE');
    expect(titles(items)).toEqual(chineseTitles);
    expect(items.every((i) => i.language === 'CN')).toBe(true);
    const terms = items.find((i) => i.key === 'terms')!;
    expect(terms.content).toContain('年满21周岁');
    expect(terms.content).toContain('每人只能持有一个账户');
    expect(items.map((i) => i.key)).toEqual((await help('lang=EN')).map((i) => i.key));
  });

  it('reads any code containing CN as CN, and a region as its language', async () => {
    expect(titles(await help('lang=zh-CN'))).toEqual(chineseTitles);
    expect(titles(await help('lang=cn'))).toEqual(chineseTitles);
    expect(titles(await help('lang=en_US'))).toEqual(englishTitles);
  });

  it('without lang, answers in the Language header, else in the merchant default', async () => {
    expect(titles(await help('device=MOBILE', { language: 'CN' }))).toEqual(chineseTitles);
    expect(titles(await help(''))).toEqual(englishTitles);
    // `lang` wins over the header.
    expect(titles(await help('lang=EN', { language: 'CN' }))).toEqual(englishTitles);
  });

  it("falls back to the merchant's default language, then to EN, when the language asked for has no items", async () => {
    const thai = await help('lang=TH');
    expect(titles(thai)).toEqual(englishTitles);
    expect(thai[0]!.language).toBe('EN');
    // Default CN: a language without items answers CN.
    const cnDefault = await help('lang=TH', {}, 'CNDEF');
    expect(cnDefault.map((i) => [i.title, i.language])).toEqual([['条款', 'CN']]);
    expect(titles(await help('lang=EN', {}, 'CNDEF'))).toEqual(['Terms']);
    // Default TH without items: EN.
    expect((await help('lang=VI', {}, 'THDEF')).map((i) => [i.title, i.language, i.key])).toEqual([['About us', 'EN', null]]);
    expect(await help('lang=EN', {}, 'NOHELP')).toEqual([]);
  });

  it.each([
    'lang=english',
    'lang=E',
    'lang=%3Cscript%3E',
    'lang=EN&lang=CN',
    'lang=EN-US-X',
    'device=PC',
    'device=mobile',
  ])('answers 400 request.invalid to "%s"', async (query) => {
    expect(await refused(query)).toEqual({ statusCode: 400, errorCode: 'request.invalid' });
  });

  it('answers content without scripts: they are stripped on write', async () => {
    // A merchant of its own (NOHELP stays without items for the fallback test).
    await testDb.db.insert(merchants).values({ ...demoMerchant, code: 'SCRIPTS' });
    await saveHelpItems(testDb.db, [
      {
        merchantCode: 'SCRIPTS',
        language: 'vi',
        key: 'terms',
        title: 'Điều khoản',
        content: '<p onclick="steal()">Điều khoản</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        sequence: 1,
      },
    ]);
    const [item] = await help('lang=VI', {}, 'SCRIPTS');
    expect(item).toEqual({ key: 'terms', title: 'Điều khoản', content: '<p>Điều khoản</p><a href="#">x</a>', language: 'VI' });
    for (const lang of ['EN', 'CN']) {
      for (const i of await help(`lang=${lang}`)) {
        expect(i.content).not.toMatch(/<script|\son[a-z]+\s*=|javascript:/i);
      }
    }
  });

  it('keeps one item per merchant, language and key', async () => {
    // A merchant of its own, with CNDEF's CN terms (CNDEF's items stay as the fallback test reads them).
    await testDb.db.insert(merchants).values({ ...demoMerchant, code: 'CNKEYS', enabledLanguages: ['CN', 'EN'], defaultLanguage: 'CN' });
    await saveHelpItems(testDb.db, [{ merchantCode: 'CNKEYS', language: 'CN', key: 'terms', title: '条款', content: '<p>中文条款</p>', sequence: 1 }]);
    await expect(
      testDb.db.insert(helpItems).values({ merchantCode: 'CNKEYS', language: 'CN', key: 'terms', title: 'Again', content: '<p>again</p>' }),
    ).rejects.toThrow();
    // Writing it again leaves the item as it is.
    await saveHelpItems(testDb.db, [{ merchantCode: 'CNKEYS', language: 'CN', key: 'terms', title: 'Again', content: '<p>again</p>', sequence: 2 }]);
    expect(titles(await help('lang=CN', {}, 'CNKEYS'))).toEqual(['条款']);
    // Items without a key are not limited.
    await saveHelpItems(testDb.db, [
      { merchantCode: 'CNKEYS', language: 'CN', key: null, title: '常见问题', content: '<p>一</p>', sequence: 2 },
      { merchantCode: 'CNKEYS', language: 'CN', key: null, title: '联系我们', content: '<p>二</p>', sequence: 3 },
    ]);
    expect(titles(await help('lang=CN', {}, 'CNKEYS'))).toEqual(['条款', '常见问题', '联系我们']);
  });
});
