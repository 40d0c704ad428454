/**
 * `npm run preview`: a production build with the state inspector, served by
 * the real server, for a look at the machines on a production-like site
 * (http://127.0.0.1:8080/m/home?inspect).
 *
 * Builds like `npm run build`, but with VITE_INSPECTOR=1 (src/main.tsx keeps
 * the inspector behind `?inspect`) into its own folder, `dist-inspect/`, so
 * `dist/` stays a normal build; then starts `server/main.ts` with
 * STATIC_DIR=dist-inspect. PORT, HOST, DATA_DIR and the other server
 * variables work as for `npm start` (the server refuses a DATA_DIR another
 * server holds: stop `npm start` or `npm run dev` first, or give another).
 */
import { spawn, spawnSync } from 'node:child_process';

const outDir = 'dist-inspect';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npm', ['run', 'i18n:compile']);
run('npm', ['run', 'icons']);
run('npx', ['vite', 'build', '--outDir', outDir], { ...process.env, VITE_INSPECTOR: '1' });

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, STATIC_DIR: `./${outDir}` },
});
server.on('exit', (code) => {
  process.exitCode = code ?? 0;
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
