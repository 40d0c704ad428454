/**
 * axe-core in the page under test: its source is evaluated once per
 * document (a path opened inside the running site keeps it), and each audit
 * asks for violations only.
 *
 * The @axe-core/playwright wrapper sends the 600 KB source again with every audit and
 * brings back every passing node's HTML: measured in one run on /m/home,
 * 1.4-2.5 s per audit with it (0.7-1.2 s asking for violations only), and
 * 0.5-0.8 s with axe-core called here; on /m/login 0.4 s and 0.05-0.09 s.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe finds on the page as it is, for rules carrying one of `tags`. */
export async function axeViolations(page: Page, tags: readonly string[]): Promise<Result[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(source);
  return page.evaluate(
    async (tags) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } }).axe;
      const options: RunOptions = { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] };
      return (await axe.run(document, options)).violations;
    },
    [...tags],
  );
}
