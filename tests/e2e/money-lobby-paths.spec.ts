/**
 * The deposit, withdraw and game-list statecharts replayed in real Chromium:
 * the cover set of each machine's browser paths (the fewest paths that take
 * every transition the browser can take; tests/e2e/paths/), each with a fresh
 * member, checking after every step what the machine's snapshot says the user
 * sees. `npm run paths <machine> -- --browser` runs every browser path and
 * reports the coverage.
 */
import { expect, test } from './support.ts';
import { type BrowserModel, browserPaths } from './paths/browser-model.ts';
import { definePathTests } from './paths/define-path-tests.ts';
import { depositPaths } from './paths/deposit-paths.ts';
import { gameListPaths } from './paths/game-list-paths.ts';
import { withdrawPaths } from './paths/withdraw-paths.ts';

const inCoverSet = (path: { cover: boolean }) => path.cover;

definePathTests(depositPaths, inCoverSet);
definePathTests(withdrawPaths, inCoverSet);
definePathTests(gameListPaths, inCoverSet);

test('every group of the money and game-list paths has paths', () => {
  const models: BrowserModel<unknown>[] = [depositPaths, withdrawPaths, gameListPaths];
  for (const model of models) {
    const paths = browserPaths(model);
    for (const group of model.groups) expect(paths.filter((p) => p.group === group && p.cover).length, `${model.name}: ${group.name}`).toBeGreaterThan(0);
  }
});
