import { describe, expect, it } from 'vitest';
import { renderInvalidPage } from '../modules/play/page.ts';
import { pageLanguage } from '../modules/play/page.ts';
import { translate } from '../modules/inbox/service.ts';
import { catalogLanguageOf, formatMessage, languageOfAcceptHeader, messageOf } from './catalogs.ts';

describe('formatMessage', () => {
  it('fills plain arguments, plurals by the locale (with # and =n) and selects; a missing argument stays as it is', () => {
    const lines = '{count, plural, =0 {no line} one {# линия} few {# линии} many {# линий} other {# линии}}';
    expect([1, 3, 5, 0].map((count) => formatMessage(lines, { count }, 'ru'))).toEqual(['1 линия', '3 линии', '5 линий', 'no line']);
    expect(formatMessage(lines, { count: '22' }, 'ru')).toBe('22 линии');
    expect(formatMessage('{kind, select, a {Alpha} other {Other}}: {name}', { kind: 'a', name: 'x' }, 'en')).toBe('Alpha: x');
    expect(formatMessage('Hi {name}', {}, 'en')).toBe('Hi {name}');
    expect(formatMessage("It''s {n, number}", { n: 1234.5 }, 'de')).toBe("It's 1.234,5");
  });

  it('the game page writes the rules of RU, PL and AR with their plurals, never the ICU source', async () => {
    for (const language of ['RU', 'PL', 'AR']) {
      const text = formatMessage(messageOf(language, 'play.rules.wheel.spin')!, { segments: '20' }, language.toLowerCase());
      expect(text).not.toContain('plural');
      expect(text).toContain('20');
    }
  });
});

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
