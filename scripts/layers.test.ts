/**
 * The layer check (`npm run lint:layers`, .dependency-cruiser.cjs) reports a
 * violation of each of its rules: a small tree seeded with one violation per
 * rule is cruised with the project's own rules, and a tree that keeps the
 * house plan is cruised clean.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] };

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Writes the files (path -> source) into a fresh folder and cruises it with the project's rules. */
async function cruiseTree(files: Record<string, string>): Promise<ICruiseResult> {
  const root = mkdtempSync(path.join(tmpdir(), 'layers-'));
  roots.push(root);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  const previous = process.cwd();
  process.chdir(root);
  try {
    const { output } = await cruise(['contract', 'src', 'machines', 'server'], {
      ruleSet: { forbidden: config.forbidden },
      doNotFollow: { path: 'node_modules' },
      validate: true,
    });
    return output as ICruiseResult;
  } finally {
    process.chdir(previous);
  }
}

const rulesBroken = (result: ICruiseResult) => [...new Set(result.summary.violations.map((v) => v.rule.name))].sort();

/** A tree that keeps the house plan. */
const clean: Record<string, string> = {
  'contract/games.ts': 'export const games = 1;\n',
  'machines/login.machine.ts': "import { games } from '../contract/games.ts';\nexport const login = games;\n",
  'src/app/actors.ts': "import { login } from '../../machines/login.machine.ts';\nexport const actors = login;\n",
  'src/api/client.ts': 'export const client = 1;\n',
  'src/app/calls.ts': "import { client } from '../api/client.ts';\nexport const calls = client;\n",
  'src/features/identity/login-screen.tsx': "import { actors } from '../../app/actors.ts';\nexport const screen = actors;\n",
  'src/features/shell/header.tsx': "import { actors } from '../../app/actors.ts';\nexport const header = actors;\n",
  'server/modules/games/routes.ts': "import { games } from '../../../contract/games.ts';\nexport const routes = games;\n",
};

describe('layer rules', () => {
  it('a tree that keeps the house plan has no violation', async () => {
    expect(rulesBroken(await cruiseTree(clean))).toEqual([]);
  });

  it('report one violation of each rule seeded', async () => {
    const seeded: Record<string, string> = {
      ...clean,
      // A machine that renders and reads the SPA.
      'machines/bad.machine.ts': "import { actors } from '../src/app/actors.ts';\nexport const bad = actors;\n",
      // A feature that imports another feature, and calls the API itself.
      'src/features/money/deposit-screen.tsx':
        "import { screen } from '../identity/login-screen.tsx';\nimport { client } from '../../api/client.ts';\nexport const deposit = [screen, client];\n",
      // The server reading the SPA, the contract reading the server, the SPA reading the server.
      'server/modules/games/service.ts': "import { actors } from '../../../src/app/actors.ts';\nexport const service = actors;\n",
      'contract/wallet.ts': "import { routes } from '../server/modules/games/routes.ts';\nexport const wallet = routes;\n",
      'src/app/server-peek.ts': "import { routes } from '../../server/modules/games/routes.ts';\nexport const peek = routes;\n",
      // Two modules that import each other.
      'src/lib/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'src/lib/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      // Two folders that import each other through different modules.
      'src/ui/button.tsx': "import { tokens } from '../theme/tokens.ts';\nexport const button = tokens;\n",
      'src/theme/tokens.ts': 'export const tokens = 1;\n',
      'src/theme/icons.ts': "import { button } from '../ui/button.tsx';\nexport const icons = button;\n",
    };
    expect(rulesBroken(await cruiseTree(seeded))).toEqual([
      'contract-is-shared',
      'features-are-independent',
      'machines-are-pure',
      'no-circular',
      'no-folder-cycles',
      'server-stands-alone',
      'spa-does-not-import-the-server',
      'views-do-not-call-the-api',
    ]);
    // Every rule of the configuration is seeded above.
    expect(config.forbidden.map((rule) => rule.name).sort()).toEqual(rulesBroken(await cruiseTree(seeded)));
  });
});
