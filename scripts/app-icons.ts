/**
 * `npm run icons:app`: the installed app's icons (public/icons/*.png), drawn
 * from the same mark as public/favicon.svg by Chromium at the sizes browsers
 * ask for: 192 and 512 (the manifest's `any`), 512 maskable (the mark inside
 * the central safe zone on a full-bleed background), 180 (apple-touch-icon).
 * The PNGs are committed; run this again after the mark changes.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './chromium-flags.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'public/icons');
const mark = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8');
/** The letter of the mark, from the favicon (its path). */
const letter = /<path d="([^"]+)"/.exec(mark)?.[1];
if (!letter) throw new Error('public/favicon.svg has no path');

const brand = '#f5c451';
const ink = '#0f1115';
/** `any` icons: the rounded tile of the favicon. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${brand}"/><path d="${letter}" fill="${ink}"/></svg>`;
/** Maskable: a full-bleed square, the letter within the central 60 % (the safe zone is a circle of 80 %). */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brand}"/><g transform="translate(16 16) scale(0.72) translate(-16 -16)"><path d="${letter}" fill="${ink}"/></g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: tile },
  { file: 'icon-512.png', size: 512, svg: tile },
  { file: 'maskable-512.png', size: 512, svg: maskable },
  // iOS rounds the corners itself: a square tile.
  { file: 'apple-touch-icon-180.png', size: 180, svg: maskable },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    console.log(`public/icons/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
