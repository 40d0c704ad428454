/**
 * `npm run icons`: draws the site's icons (the `IconName` union of
 * src/ui/icons.tsx) from lucide's own icon data (the lucide-react package)
 * into one SVG sprite, src/ui/icons.svg (generated, gitignored): a <symbol>
 * per icon, which src/ui/icons.tsx shows with <use>.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type IconNode = [string, Record<string, string>][];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .filter(([name]) => name !== 'key')
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');

const symbols: string[] = [];
const source = readFileSync(path.join(root, 'src/ui/icons.tsx'), 'utf8');
// The names of the `IconName` union.
const union = /export type IconName =([^;]+);/.exec(source)?.[1] ?? '';
const names = [...union.matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1]!);
if (names.length === 0) throw new Error('src/ui/icons.tsx declares no IconName');
for (const name of names) {
  const module = (await import(`lucide-react/dist/esm/icons/${name}.mjs`)) as { __iconData?: { node: IconNode } };
  const node = module.__iconData?.node;
  if (!node) throw new Error(`lucide has no icon named ${name}`);
  symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${node.map(([tag, attrs]) => `<${tag}${attributes(attrs)}/>`).join('')}</symbol>`);
}
writeFileSync(
  path.join(root, 'src/ui/icons.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`,
);
console.log(`icons: ${symbols.length} icons drawn into src/ui/icons.svg`);
