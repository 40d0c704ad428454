/**
 * The login, registration and password-reset statecharts replayed in real
 * Chromium: the cover set of each machine's browser paths (the fewest paths
 * that take every transition the browser can take; tests/e2e/paths/), each on
 * a fresh page, checking after every step what the machine's snapshot says
 * the user sees. `npm run paths <machine> -- --browser` runs all of them and
 * reports the coverage.
 */
import { expect, test } from './support.ts';
import { browserPaths } from './paths/browser-model.ts';
import { definePathTests } from './paths/define-path-tests.ts';
import { loginPaths } from './paths/login-paths.ts';
import { passwordResetPaths } from './paths/password-reset-paths.ts';
import { invitationInputs, registrationPaths } from './paths/registration-paths.ts';

const inCoverSet = (path: { cover: boolean }) => path.cover;

definePathTests(loginPaths, inCoverSet);
definePathTests(passwordResetPaths, inCoverSet);
definePathTests(registrationPaths, inCoverSet);

test('the generated paths were found', () => {
  const found = { login: browserPaths(loginPaths), 'password-reset': browserPaths(passwordResetPaths), registration: browserPaths(registrationPaths) };
  for (const [name, paths] of Object.entries(found)) expect(paths.filter(inCoverSet).length, name).toBeGreaterThan(1);
  // Both invitation codes from the address: the bad one and the good one (which then registers).
  const urls = browserPaths(registrationPaths).filter(inCoverSet).map((p) => p.group.url);
  expect(urls).toEqual(expect.arrayContaining(invitationInputs.map((i) => `/m/register?affiliateCode=${i.code}`)));
});
