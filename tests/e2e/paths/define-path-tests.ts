/**
 * Playwright tests from a browser model's paths: one test per path, on a
 * fresh page; each step is driven, then what the user sees is checked. How far
 * each path got (the steps whose checks passed) is appended as a JSON line to
 * the file named by PATHS_REPORT when set, which `npm run paths -- --browser`
 * reads to compute the coverage of the run.
 */
import { appendFileSync } from 'node:fs';
import { flagClientAddress } from '../identity-support.ts';
import { test } from '../support.ts';
import { type BrowserModel, type BrowserPath, browserPaths } from './browser-model.ts';

/** One line of the PATHS_REPORT file. */
export interface PathResult {
  machine: string;
  number: number;
  steps: number;
  /** Steps driven and checked, from the first. */
  asserted: number;
  passed: boolean;
  error?: string;
}

/** The terminal colour codes of Playwright's messages. */
const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function record(result: PathResult) {
  const file = process.env.PATHS_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify(result)}\n`);
}

/** Registers a test for each of the model's paths that `select` keeps. */
export function definePathTests<TData>(model: BrowserModel<TData>, select: (path: BrowserPath) => boolean = () => true) {
  const paths = browserPaths(model).filter(select);
  test.describe(`${model.name} paths in the browser`, () => {
    // The home screen's notice popup (once per browser session) is not part of these flows.
    test.beforeEach(async ({ context }) => {
      await context.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    });

    // How far the running path got; written after it, whatever its end (a timeout too).
    let progress: { path: BrowserPath; asserted: number } | null = null;
    test.afterEach(async ({ browserName: _ }, testInfo) => {
      if (!progress) return;
      const { path, asserted } = progress;
      progress = null;
      const passed = testInfo.status === 'passed';
      // Without the terminal's colours.
      const error = passed ? undefined : (testInfo.error?.message ?? testInfo.status)?.replace(colours, '');
      record({ machine: model.name, number: path.number, steps: path.steps.length, asserted, passed, ...(error ? { error } : {}) });
    });

    for (const path of paths) {
      test(`#${path.number} (${path.group.name}) ${path.name}`, async ({ page }, testInfo) => {
        if (model.timeout) test.setTimeout(model.timeout);
        const current = { path, asserted: 0 };
        progress = current;
        const baseURL = testInfo.project.use.baseURL!;
        if (model.captchaFromStart) await flagClientAddress(baseURL);
        const data = await model.prepare({ page, baseURL, testInfo, path });
        const run = { page, baseURL, testInfo, path, data };
        if (model.open) await model.open(run);
        else await page.goto(path.group.url);
        for (const [i, step] of path.steps.entries()) {
          await model.drive(run, step, i);
          await model.see(run, step, i);
          current.asserted = i + 1;
        }
      });
    }
  });
}
