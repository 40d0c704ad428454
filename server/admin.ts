/**
 * Operator CLI entry: `npm run admin -- <command>`; see server/admin/cli.ts
 * for the commands and for how it coexists with a running PGlite server.
 */
import { runAdminCli } from './admin/cli.ts';

const code = await runAdminCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
process.exitCode = code;
