/**
 * Where a CPU profile spends its time: `npx tsx tests/bench/cpu-profile-summary.ts <file.cpuprofile> [top]`.
 * Prints self time by function (name, file:line) and by package (node_modules/<pkg>, node: internals,
 * the project's own folders), for profiles written by `node --cpu-prof` (BENCH_PROFILE of bench:api).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx tests/bench/cpu-profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMicros = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

function packageOf(url: string): string {
  if (!url) return '(native / vm)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const local = url.replace(/^file:\/\//, '');
  const rel = path.relative(process.cwd(), local);
  return rel.split('/').slice(0, 3).join('/');
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, us] of selfMicros) {
  const node = byId.get(id)!;
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || '(anonymous)'}  ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  const pkg = functionName === '(garbage collector)' ? '(gc)' : functionName === '(idle)' ? '(idle)' : packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(6)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
print('self time by package', byPackage);
print('self time by function', byFunction);
