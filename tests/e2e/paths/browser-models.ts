/** The machines replayed in the browser by `npm run paths <machine> -- --browser`, by file stem. */
import type { BrowserModel } from './browser-model.ts';
import { depositPaths } from './deposit-paths.ts';
import { gameListPaths } from './game-list-paths.ts';
import { loginPaths } from './login-paths.ts';
import { passwordResetPaths } from './password-reset-paths.ts';
import { registrationPaths } from './registration-paths.ts';
import { withdrawPaths } from './withdraw-paths.ts';

export const browserModels: Record<string, BrowserModel<unknown>> = {
  login: loginPaths,
  registration: registrationPaths,
  'password-reset': passwordResetPaths,
  'game-list': gameListPaths,
  deposit: depositPaths,
  withdraw: withdrawPaths,
};
