/**
 * The browser paths `npm run paths <machine> -- --browser` chose: PATHS_MACHINE
 * names the machine, PATHS_ONLY the path numbers (comma-separated). Without
 * PATHS_MACHINE (`npm test`) this file has no tests: the cover sets run in
 * identity-paths.spec.ts and money-paths.spec.ts.
 */
import { browserModels } from './paths/browser-models.ts';
import { definePathTests } from './paths/define-path-tests.ts';

const machine = process.env.PATHS_MACHINE;
if (machine) {
  const model = browserModels[machine];
  if (!model) throw new Error(`no browser model for ${machine}: ${Object.keys(browserModels).join(', ')}`);
  const only = new Set((process.env.PATHS_ONLY ?? '').split(',').filter(Boolean).map(Number));
  definePathTests(model, (path) => only.size === 0 || only.has(path.number));
}
