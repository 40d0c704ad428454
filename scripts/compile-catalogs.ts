/**
 * `npm run i18n:compile`: compiles the message catalogs (contract/messages/
 * <lang>.json, id -> ICU string) to ASTs, so the browser never parses ICU
 * (plain text stays a string: src/i18n/catalogs.ts makes it a literal node),
 * and splits each language into its parts (src/i18n/catalog-parts.ts):
 * src/i18n/compiled/<lang>.<part>.json. A message that is not valid ICU
 * fails the build with its id.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { compiledParts, partOf } from '../src/i18n/catalog-parts.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(root, 'contract/messages');
const outDir = path.join(root, 'src/i18n/compiled');

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
let count = 0;
for (const file of readdirSync(sourceDir).filter((f) => f.endsWith('.json'))) {
  const lang = path.basename(file, '.json');
  const messages = JSON.parse(readFileSync(path.join(sourceDir, file), 'utf8')) as Record<string, string>;
  const parts = Object.fromEntries(compiledParts.map((p) => [p, {} as Record<string, MessageFormatElement[] | string>]));
  for (const [id, message] of Object.entries(messages)) {
    const part = partOf(id);
    if (!part) continue;
    try {
      const ast = parse(message);
      // Plain text stays a string (the catalog loader makes it a literal node again): most
      // messages are plain text, and their ASTs would double the catalog.
      const only = ast[0];
      parts[part]![id] = ast.length === 1 && only?.type === TYPE.literal ? only.value : ast;
    } catch (error) {
      throw new Error(`${file}: ${id} is not valid ICU: ${(error as Error).message}`);
    }
    count += 1;
  }
  for (const part of compiledParts) writeFileSync(path.join(outDir, `${lang}.${part}.json`), JSON.stringify(parts[part]));
}
console.log(`i18n: ${count} messages compiled into ${compiledParts.length} parts per language`);
