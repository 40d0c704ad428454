import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The site mirrors for right-to-left languages (`<html dir="rtl">`, AR, FA and UR), so its CSS
 * names sides logically: margin-inline-start, padding-inline-end, border-inline-start,
 * inset-inline-start, text-align: start, border-start-start-radius... A physical left or right
 * stays on the same side in both directions. Where the physical side is really meant (a safe-area
 * inset, an element centred with `left: 50%` and translateX(-50%), an RTL override itself), the
 * line ends in the comment `/* physical: <reason> *\/`.
 */

const srcDir = join(import.meta.dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

interface Declaration {
  property: string;
  value: string;
  /** 1-based lines of the declaration's first and last character. */
  first: number;
  last: number;
}

/** The declarations of a style sheet (comments and strings skipped), with their lines. */
function declarations(css: string): Declaration[] {
  const found: Declaration[] = [];
  let line = 1;
  let text = '';
  let first = 0;
  let i = 0;
  const end = (last: number) => {
    const colon = text.indexOf(':');
    const property = text.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !text.trimStart().startsWith('@') && /^-?[a-z][a-z-]*$/.test(property)) {
      found.push({ property, value: text.slice(colon + 1).trim(), first, last });
    }
    text = '';
  };
  while (i < css.length) {
    const c = css[i]!;
    if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      const stop = close < 0 ? css.length : close + 2;
      for (let j = i; j < stop; j++) if (css[j] === '\n') line++;
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
      text += css.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === '{') text = '';
    else if (c === ';' || c === '}') end(line);
    else {
      if (text.trim() === '' && c.trim() !== '') first = line;
      text += c;
    }
    if (c === '\n') line++;
    i++;
  }
  return found;
}

/** A value's components at the top level (not split inside `calc(...)`, `var(...)`). */
function components(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of value.replace(/!important$/i, '').trim()) {
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (/\s/.test(c) && depth === 0) {
      if (current) out.push(current);
      current = '';
    } else current += c;
  }
  if (current) out.push(current);
  return out;
}

const physicalProperty =
  /^(?:(?:scroll-)?(?:margin|padding)-(?:left|right)|border-(?:left|right)(?:-(?:width|style|color))?|left|right|border-(?:top|bottom)-(?:left|right)-radius)$/;
/** Shorthands whose four-value form names top, right, bottom, left. */
const boxShorthand = /^(?:(?:scroll-)?(?:margin|padding)|inset|border-(?:width|style|color))$/;

/** Why a declaration is physical, or null when it mirrors. */
function physical({ property, value }: Declaration): string | null {
  if (physicalProperty.test(property)) return `${property} (use its inline-start/end form)`;
  if (/^(?:text-align|float|clear)$/.test(property) && /^(?:left|right)\b/i.test(value)) {
    return `${property}: ${value} (use start/end, inline-start/inline-end)`;
  }
  if (boxShorthand.test(property)) {
    const v = components(value);
    if (v.length === 4 && v[1] !== v[3]) return `${property} with different right and left (use -block and -inline)`;
  }
  if (property === 'border-radius') {
    for (const part of value.split('/')) {
      const [tl, tr = tl, br = tl, bl = tr] = components(part);
      if (tl !== tr || br !== bl) return 'border-radius with different left and right corners (use border-start-start-radius...)';
    }
  }
  return null;
}

const meantPhysical = /\/\*\s*physical:\s*\S[^*]*\*\/\s*$/;

/** `file:line: why` for every physical declaration of a style sheet not marked as meant. */
function physicalLines(css: string, file: string): string[] {
  const lines = css.split('\n');
  return declarations(css).flatMap((d) => {
    const why = physical(d);
    if (!why) return [];
    if (lines.slice(d.first - 1, d.last).some((l) => meantPhysical.test(l))) return [];
    return [`${file}:${d.first}: ${why}: ${d.property}: ${d.value}`];
  });
}

describe('CSS for right-to-left languages', () => {
  it('names sides logically in every style sheet under src/', () => {
    const files = cssFiles(srcDir);
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((path) => physicalLines(readFileSync(path, 'utf8'), relative(srcDir, path)));
    expect(found).toEqual([]);
  });

  it('flags physical sides and accepts the escape comment', () => {
    const sheet = [
      '.a {',
      '  margin-left: 4px;',
      '  padding-right: 2px;',
      '  border-left: 3px solid red;',
      '  border-right-color: red;',
      '  left: 0;',
      '  right: 0;',
      '  text-align: left;',
      '  float: right;',
      '  border-top-left-radius: 4px;',
      '  padding: 0 1px 0 2px;',
      '  inset: 0 auto 0 0;',
      '  border-radius: 4px 0 0 4px;',
      '}',
      '.b {',
      '  margin-inline-start: 4px;',
      '  padding-inline: 2px;',
      '  border-inline-start: 3px solid red;',
      '  inset-inline-end: 0;',
      '  text-align: start;',
      '  float: inline-start;',
      '  border-start-start-radius: 4px;',
      '  padding: 0 var(--x) 0 var(--x);',
      '  padding: calc(1px + 2px) 4px;',
      '  border-radius: 4px 4px 0 0;',
      '  --gap-left: 1px;',
      '  transition: left 1s;',
      '  left: 50%; /* physical: centred with translateX(-50%) */',
      '  padding: 0 var(--safe-right)',
      '    0 var(--safe-left); /* physical: safe-area insets */',
      '}',
      '.c:hover { right: 0 }',
    ].join('\n');
    expect(physicalLines(sheet, 'x.css').map((l) => Number(l.split(':')[1]))).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 32,
    ]);
  });
});
