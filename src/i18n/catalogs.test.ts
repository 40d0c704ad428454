import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../contract/error-codes.ts';
import { catalogParts, partOf } from './catalog-parts.ts';
import { loadDevCatalog } from './dev-catalog.ts';
import { loadCatalog } from './catalogs.ts';
import cn from '../../contract/messages/cn.json';
import en from '../../contract/messages/en.json';
import { interfaceLanguages } from '../../contract/languages.ts';

const messagesDir = join(import.meta.dirname, '../../contract/messages');
/** Every catalog file, by its name (`pt-br`), read as the build reads them. */
const catalogs: Record<string, Record<string, string>> = Object.fromEntries(
  readdirSync(messagesDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(messagesDir, file), 'utf8')) as Record<string, string>]),
);
const others = Object.keys(catalogs).filter((lang) => lang !== 'en');
const srcDir = join(import.meta.dirname, '..');

function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      argumentsOf(el.children, out);
      continue;
    }
    out.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'compiled' || name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts') ? [path] : [];
  });
}

/**
 * Message ids written in the code: `formatMessage({ id: 'x' })`, `<FormattedMessage id="x" />`,
 * `defineMessages`/`{ id: 'x' }`, `t('x')`, and `labelId`/`titleId`/... or `'/path': 'x'` table entries
 * whose value looks like a namespaced id.
 */
function idsUsedIn(code: string): string[] {
  const ids: string[] = [];
  const patterns = [
    /\bid:\s*['"]([\w.-]+)['"]/g,
    /<FormattedMessage[^>]*\bid=["']([\w.-]+)["']/g,
    /\bt\(\s*['"]([\w.-]+)['"]/g,
    /\b(?:label|title|message|body)Id:\s*['"]([\w.-]+)['"]/g,
    /['"]\/[\w/.-]*['"]:\s*['"]([a-z]+\.[\w.-]+)['"]/g,
    /\?\s*['"]([a-z]+\.[\w.]+)['"]\s*:\s*['"]([a-z]+\.[\w.]+)['"]/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) ids.push(...match.slice(1).filter(Boolean));
  }
  return ids;
}

describe('message catalogs', () => {
  it('there is one catalog per interface language, thirty or more, and no other', () => {
    expect(Object.keys(catalogs).sort()).toEqual(interfaceLanguages.map((l) => l.code.toLowerCase()).sort());
    expect(interfaceLanguages.length).toBeGreaterThanOrEqual(30);
  });

  it.each(others)('%s has exactly the ids of EN (none missing, none extra)', (lang) => {
    const ids = Object.keys(catalogs[lang]!);
    expect(Object.keys(en).filter((id) => !ids.includes(id)), 'missing').toEqual([]);
    expect(ids.filter((id) => !(id in en)), 'extra').toEqual([]);
  });

  it.each(others)('%s: no message is empty, and most differ from EN (translated)', (lang) => {
    const catalog = catalogs[lang]!;
    expect(Object.entries(catalog).filter(([, text]) => text.trim() === '').map(([id]) => id)).toEqual([]);
    const same = Object.keys(en).filter((id) => catalog[id] === (en as Record<string, string>)[id] && /[a-z]{3}/.test(catalog[id]!));
    // Brand names, game names and loanwords stay as they are; a catalog copied from EN does not pass.
    expect(same.length, same.join(', ')).toBeLessThan(Object.keys(en).length * 0.08);
  });

  it.each(Object.keys(catalogs))('%s: every message is valid ICU', (lang) => {
    for (const [id, message] of Object.entries(catalogs[lang]!)) {
      expect(() => parse(message), id).not.toThrow();
    }
  });

  it.each(others)('%s uses the same arguments as EN in every message', (lang) => {
    for (const [id, message] of Object.entries(en)) {
      const translated = catalogs[lang]![id] ?? '';
      expect([...argumentsOf(parse(translated))].sort(), `${lang} ${id}`).toEqual([...argumentsOf(parse(message))].sort());
    }
  });

  it('every error code of the API contract has a message (error.<code>)', () => {
    for (const code of Object.values(errorCodes)) expect(en, code).toHaveProperty([`error.${code}`]);
    for (const id of ['error.load.retry', 'error.unknown', 'error.client.timeout', 'error.client.offline']) {
      expect(en).toHaveProperty([id]);
    }
    expect(en['error.client.timeout']).toBe('Slow Connection');
    expect(en['error.client.offline']).toBe('No Internet');
    expect(en['error.load.retry']).toBe('Loading failed, click to retry');
  });

  it('every message id used in src exists', () => {
    const files = sourceFiles(srcDir);
    const missing: string[] = [];
    let found = 0;
    for (const file of files) {
      for (const id of idsUsedIn(readFileSync(file, 'utf8'))) {
        found += 1;
        if (!(id in en)) missing.push(`${relative(srcDir, file)}: ${id}`);
      }
    }
    expect(found).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('the shell and shared views that load no part of their own use core messages only', () => {
    const outside: string[] = [];
    for (const dir of ['features/shell', 'ui', 'app']) {
      for (const file of sourceFiles(join(srcDir, dir))) {
        const code = readFileSync(file, 'utf8');
        if (code.includes('useCatalogPart(')) continue;
        for (const id of idsUsedIn(code)) {
          if (id in en && partOf(id) !== 'core') outside.push(`${relative(srcDir, file)}: ${id} (${partOf(id)})`);
        }
      }
    }
    expect(outside).toEqual([]);
  });

  it("keeps the developer tools' messages (dev.) in a part of their own that the site never loads", async () => {
    expect(partOf('dev.inspector.title')).toBe('dev');
    expect(catalogParts).not.toContain('dev');
    const site = await loadCatalog('CN');
    expect(Object.keys(site).length).toBeGreaterThan(100);
    expect(Object.keys(site).filter((id) => id.startsWith('dev.'))).toEqual([]);
    const messages = await loadDevCatalog('CN');
    expect(messages['dev.inspector.title']).toEqual([{ type: TYPE.literal, value: cn['dev.inspector.title'] }]);
    expect(Object.keys(messages).every((id) => id.startsWith('dev.'))).toBe(true);
  });
});
