import { describe, expect, it } from 'vitest';
import { renderInvalidPage } from '../modules/play/page.ts';
import { pageLanguage } from '../modules/play/page.ts';
import { translate } from '../modules/inbox/service.ts';
import { catalogLanguageOf, languageOfAcceptHeader, messageOf } from './catalogs.ts';

describe('server catalogs', () => {
  it('a language of the browser: the first one with a catalog, by region or base language, else EN', () => {
    expect(languageOfAcceptHeader('ar-EG,ar;q=0.9,en;q=0.8')).toBe('AR');
    expect(languageOfAcceptHeader('zh-TW,zh;q=0.9')).toBe('TW');
    expect(languageOfAcceptHeader('zh-Hans-CN')).toBe('CN');
    expect(languageOfAcceptHeader('pt-BR')).toBe('PT-BR');
    expect(languageOfAcceptHeader('fr-CA,fr;q=0.8')).toBe('FR');
    expect(languageOfAcceptHeader('xx-YY, *')).toBe('EN');
    expect(languageOfAcceptHeader(undefined)).toBe('EN');
  });

  it('a message in the reader’s language, EN when the language has no catalog', () => {
    expect(messageOf('JA', 'play.back')).not.toBe(messageOf('EN', 'play.back'));
    expect(messageOf('XX', 'play.back')).toBe(messageOf('EN', 'play.back'));
    expect(catalogLanguageOf('kr')).toBe('KO');
    expect(catalogLanguageOf('zh_cn')).toBe('CN');
  });

  it('the in-house game pages speak the page’s language, right to left for Arabic', () => {
    expect(pageLanguage('ar', undefined)).toBe('AR');
    expect(pageLanguage('nope', 'de-DE,de')).toBe('DE');
    const page = renderInvalidPage('AR');
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain(messageOf('AR', 'play.error.title')!);
    expect(renderInvalidPage('EN')).toContain('<html lang="en" dir="ltr">');
  });

  it('inbox system messages are translated into the reader’s language with its numbers', () => {
    const id = 'inbox.security.loginFailures.title';
    const text = translate(id, { count: 3 }, 'FA');
    expect(text).toBe(translate(id, { count: 3 }, 'fa'));
    expect(text).not.toBe(translate(id, { count: 3 }, 'EN'));
    expect(text).not.toBe(id);
    expect(translate(id, { count: 3 }, 'XX')).toBe(translate(id, { count: 3 }, 'EN'));
  });
});
