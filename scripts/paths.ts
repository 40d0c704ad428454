/**
 * `npm run paths` — the graph-generated test paths of the statecharts, for QA.
 *
 *   npm run paths                          every machine and how many paths it has
 *   npm run paths <machine>                its paths as numbered steps: shortest (S), simple (P), browser (#)
 *       [--max-steps N] [--max-paths N]    the bound of the simple paths (default 10 steps, 100 paths)
 *   npm run paths <machine> -- --browser [--only 1,2 | --cover]
 *                                          replays browser paths in Chromium against the real server
 *                                          (default: every browser-replayable one; --cover: the cover set
 *                                          npm test runs), then prints the states and transitions covered
 *
 * The shortest and simple paths use the inputs and events of the machine's
 * model-based test (machines/test/models/<machine>.model.ts); the browser
 * paths those of its browser model (tests/e2e/paths/<machine>-paths.ts).
 * See docs/machines/README.md, "For QA: generated paths".
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { describeEvent, type SimplePathBound, stateNodesOf, transitionsOf } from '../machines/test/coverage.ts';
import { isMachineModel, type MachineModel, modelPathSets, modelSimplePathSets } from '../machines/test/model.ts';
import { browserCoverage } from '../tests/e2e/paths/browser-coverage.ts';
import { type BrowserModel, type BrowserPath, browserPaths } from '../tests/e2e/paths/browser-model.ts';
import { browserModels } from '../tests/e2e/paths/browser-models.ts';
import type { PathResult } from '../tests/e2e/paths/define-path-tests.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultBound: SimplePathBound = { maxSteps: 10, maxPaths: 100 };

// ------------------------------------------------------------------ text

/** A state value as its active leaves: `active.form.editing, active.captcha.hidden`. */
export function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  return Object.entries(value)
    .flatMap(([key, child]) => stateText(child).split(', ').map((leaf) => `${key}.${leaf}`))
    .join(', ');
}

const snapshotText = (snap: { value: unknown; status?: string }) => `${stateText(snap.value)}${snap.status === 'done' ? ' (final)' : ''}`;

/** A machine input as `key: value` pairs; functions (clocks) as `fn`. */
export function inputText(input: unknown): string {
  if (input === undefined) return '(no input)';
  const shown = JSON.stringify(input, (_k, v) => (typeof v === 'function' ? 'fn' : v));
  return shown.replace(/"fn"/g, 'fn').replace(/"([^"]+)":/g, '$1: ').replace(/,(?=\S)/g, ', ');
}

/** Numbered steps: `  0. (start) -> state`, then `  n. event -> state`. */
function stepLines(steps: Array<{ event: AnyEventObject; state: { value: unknown; status?: string } }>, indent: string): string[] {
  return steps.map((step, i) =>
    i === 0 ? `${indent}0. (start) -> ${snapshotText(step.state)}` : `${indent}${i}. ${describeEvent(step.event, 90)} -> ${snapshotText(step.state)}`,
  );
}

// ------------------------------------------------------------------ machines

/** Every `machines/*.machine.ts` by file stem. */
export function machineNames(dir = path.join(root, 'machines')): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.machine.ts'))
    .map((f) => f.replace(/\.machine\.ts$/, ''))
    .sort();
}

/** The model of `machines/test/models/<name>.model.ts`. */
export async function loadModel(name: string): Promise<MachineModel<AnyStateMachine>> {
  const file = path.join(root, 'machines/test/models', `${name}.model.ts`);
  if (!existsSync(file)) throw new Error(`no model for ${name}: machines/test/models/${name}.model.ts is missing`);
  const model = Object.values((await import(pathToFileURL(file).href)) as Record<string, unknown>).find(isMachineModel);
  if (!model) throw new Error(`machines/test/models/${name}.model.ts exports no machine model`);
  return model;
}

export interface MachineSummary {
  name: string;
  states: number;
  transitions: number;
  shortest: number;
  simple: number;
  /** Some simple-path list was cut by the bound. */
  simpleBounded: boolean;
  browser: { paths: number; cover: number } | null;
}

export async function summaryOf(name: string, bound = defaultBound): Promise<MachineSummary> {
  const model = await loadModel(name);
  const simple = modelSimplePathSets(model, bound);
  const browser = browserModels[name];
  const bpaths = browser ? browserPaths(browser) : null;
  return {
    name,
    states: stateNodesOf(model.machine).length,
    transitions: transitionsOf(model.machine).length,
    shortest: modelPathSets(model).reduce((n, set) => n + set.paths.length, 0),
    simple: simple.reduce((n, set) => n + set.paths.length, 0),
    simpleBounded: simple.some((set) => !set.complete),
    browser: bpaths ? { paths: bpaths.length, cover: bpaths.filter((p) => p.cover).length } : null,
  };
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd());
}

export async function listMachines(bound = defaultBound): Promise<string[]> {
  const rows = [['machine', 'states', 'transitions', 'shortest', 'simple', 'browser (cover)']];
  for (const name of machineNames()) {
    const s = await summaryOf(name, bound);
    rows.push([
      s.name,
      String(s.states),
      String(s.transitions),
      String(s.shortest),
      `${s.simple}${s.simpleBounded ? '+' : ''}`,
      s.browser ? `${s.browser.paths} (${s.browser.cover})` : '-',
    ]);
  }
  return [
    ...table(rows),
    '',
    `shortest: xstate/graph getShortestPaths, one per distinct transition (what the unit test replays)`,
    `simple: getSimplePaths within the bound (every simple path of up to N <= ${bound.maxSteps} steps, at most ${bound.maxPaths} per aspect and input); + = more exist`,
    'browser: paths replayable in Chromium (npm run paths <machine> -- --browser), in brackets the cover set npm test runs',
    'npm run paths <machine> lists them step by step.',
  ];
}

/** Every path of one machine as numbered steps. */
export async function describeMachine(name: string, bound = defaultBound): Promise<string[]> {
  const model = await loadModel(name);
  const out: string[] = [];
  out.push(
    `${name}: machines/${name}.machine.ts, ${stateNodesOf(model.machine).length} states, ${transitionsOf(model.machine).length} transitions`,
    `model: machines/test/models/${name}.model.ts (aspects: ${model.aspects.map((a) => a.name).join('; ')})`,
  );
  if (model.exclude) out.push(`left out of both lists: paths with ${model.exclude.reason}`);

  const shortest = modelPathSets(model);
  out.push(
    '',
    `== Shortest paths S1..S${shortest.reduce((n, s) => n + s.paths.length, 0)}: xstate/graph getShortestPaths, the shortest path to every distinct transition, paths that are the start of a longer one dropped; machines/${name}.machine.test.ts replays each`,
  );
  let n = 0;
  for (const set of shortest) {
    out.push('', `-- aspect "${set.aspect}", input ${inputText(set.input)}: ${set.paths.length} paths`);
    for (const p of set.paths) {
      out.push(`S${++n}`, ...stepLines(p.steps as never, '    '));
    }
  }

  const simple = modelSimplePathSets(model, bound);
  out.push(
    '',
    `== Simple paths P1..P${simple.reduce((k, s) => k + s.paths.length, 0)}: xstate/graph getSimplePaths (no snapshot visited twice), bounded: every simple path of up to N steps, N the largest <= ${bound.maxSteps} with at most ${bound.maxPaths} of them per aspect and input (--max-steps, --max-paths)`,
  );
  n = 0;
  for (const set of simple) {
    const extent = set.complete ? `all of them (the longest has ${set.steps} steps)` : `every one of up to ${set.steps} steps (longer ones exist)`;
    out.push('', `-- aspect "${set.aspect}", input ${inputText(set.input)}: ${set.paths.length} paths, ${extent}`);
    for (const p of set.paths) out.push(`P${++n}`, ...stepLines(p.steps as never, '    '));
  }

  const browser = browserModels[name];
  out.push('');
  if (!browser) {
    out.push(`== Browser paths: none (no browser model; the browser replays cover ${Object.keys(browserModels).join(', ')})`);
    return out;
  }
  const bpaths = browserPaths(browser);
  out.push(
    `== Browser paths #1..#${bpaths.length}: tests/e2e/paths/${name}-paths.ts; replay with npm run paths ${name} -- --browser [--only n,m | --cover]; * = in the cover set (npm test)`,
  );
  let group: unknown = null;
  for (const p of bpaths) {
    if (p.group !== group) {
      group = p.group;
      out.push('', `-- ${p.group.name}: ${p.group.url}, input ${inputText(p.group.input)}`);
    }
    out.push(
      `#${p.number}${p.cover ? ' *' : ''}`,
      ...stepLines([{ event: { type: 'xstate.init' }, state: p.steps[0]!.before }, ...p.steps.map((s) => ({ event: s.event, state: s.after }))], '    '),
    );
  }
  return out;
}

// ------------------------------------------------------------------ browser

export interface BrowserOptions {
  only: number[] | null;
  cover: boolean;
}

/** The browser paths a run replays. */
export function choosePaths(model: BrowserModel<unknown>, options: BrowserOptions): BrowserPath[] {
  const all = browserPaths(model);
  if (options.only) {
    const unknown = options.only.filter((n) => !all.some((p) => p.number === n));
    if (unknown.length) throw new Error(`${model.name} has browser paths #1..#${all.length}: no ${unknown.map((u) => `#${u}`).join(', ')}`);
    return all.filter((p) => options.only!.includes(p.number));
  }
  return options.cover ? all.filter((p) => p.cover) : all;
}

const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
};

async function runBrowser(name: string, options: BrowserOptions): Promise<number> {
  const model = browserModels[name];
  if (!model) {
    console.error(`no browser replay for ${name}; machines with one: ${Object.keys(browserModels).join(', ')}`);
    return 2;
  }
  if (!existsSync(path.join(root, 'dist/index.html'))) {
    console.error('the end-to-end server serves the production build: run npm run build first');
    return 2;
  }
  const chosen = choosePaths(model, options);
  const dir = mkdtempSync(path.join(tmpdir(), 'm-casino-paths-'));
  const report = path.join(dir, 'report.jsonl');
  console.log(`${name}: replaying ${chosen.length} browser path(s) in Chromium: ${chosen.map((p) => `#${p.number}`).join(', ')}`);
  const started = Date.now();
  const code = await new Promise<number>((resolve) => {
    const child = spawn('npx', ['playwright', 'test', 'tests/e2e/paths.spec.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PATHS_MACHINE: name, PATHS_ONLY: chosen.map((p) => p.number).join(','), PATHS_REPORT: report },
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  const took = Date.now() - started;
  const results: PathResult[] = existsSync(report)
    ? readFileSync(report, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as PathResult)
    : [];
  rmSync(dir, { recursive: true, force: true });
  const coverage = browserCoverage(model, chosen, results);
  const passed = results.filter((r) => r.passed).length;
  console.log('');
  console.log(`${name} in the browser: ${passed}/${chosen.length} paths passed in ${duration(took)} (server start included)`);
  console.log(
    `covered: states ${coverage.states.covered}/${coverage.states.total}, transitions ${coverage.transitions.covered}/${coverage.transitions.total} (the steps driven and checked, replayed on the machine)`,
  );
  if (coverage.uncovered.length) {
    console.log('not covered:');
    for (const u of coverage.uncovered) console.log(`  ${u.kind} ${u.id}\n      ${u.reason}`);
  }
  return code;
}

// ------------------------------------------------------------------ command line

export interface Args {
  machine: string | null;
  browser: boolean;
  only: number[] | null;
  cover: boolean;
  bound: SimplePathBound;
}

export function parseArgs(argv: string[]): Args {
  const args: Args = { machine: null, browser: false, only: null, cover: false, bound: { ...defaultBound } };
  const number = (flag: string, value: string | undefined) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} takes a positive whole number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--browser') args.browser = true;
    else if (arg === '--cover') args.cover = true;
    else if (arg === '--only') {
      const value = argv[++i] ?? '';
      args.only = value.split(',').map((part) => number('--only', part.trim().replace(/^#/, '')));
    } else if (arg === '--max-steps') args.bound.maxSteps = number(arg, argv[++i]);
    else if (arg === '--max-paths') args.bound.maxPaths = number(arg, argv[++i]);
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else if (args.machine) throw new Error(`one machine at a time (${args.machine}, ${arg})`);
    else args.machine = arg;
  }
  if ((args.only || args.cover) && !args.browser) throw new Error('--only and --cover choose browser paths: add --browser');
  if (args.only && args.cover) throw new Error('--only or --cover, not both');
  if (args.browser && !args.machine) throw new Error('--browser needs a machine, e.g. npm run paths login -- --browser');
  return args;
}

async function main(argv: string[]): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  if (args.machine && !machineNames().includes(args.machine)) {
    console.error(`no machine ${args.machine}; machines: ${machineNames().join(', ')}`);
    return 2;
  }
  if (!args.machine) {
    for (const line of await listMachines(args.bound)) console.log(line);
    return 0;
  }
  if (args.browser) {
    try {
      return await runBrowser(args.machine, { only: args.only, cover: args.cover });
    } catch (error) {
      console.error((error as Error).message);
      return 2;
    }
  }
  for (const line of await describeMachine(args.machine, args.bound)) console.log(line);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
