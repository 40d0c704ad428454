/**
 * `npm run dev`: the API server (restarted on change) and Vite with HMR,
 * which proxies /wps and /lgw to the server. Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SERVE_SPA: '0' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
