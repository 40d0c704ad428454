/**
 * Writes a diagram of every exported machine in `machines/**\/*.machine.ts`
 * into `docs/machines/`: a Mermaid `stateDiagram-v2` (`<name>.mmd`), an SVG
 * rendered offline by Graphviz (WebAssembly) from the same graph in DOT
 * (`<name>.svg`), and an index (`README.md`).
 *
 * Output is deterministic; `scripts/diagrams.test.ts` regenerates it in memory
 * and fails when the committed files differ. Run: `npm run diagrams`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const outDirRelative = 'docs/machines';

export interface FoundMachine {
  /** File name stem used for the diagrams, e.g. `system-status`. */
  name: string;
  /** Source file relative to the repository, with forward slashes. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
  description: string;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'getStateNodeById' in value && 'provide' in value;

/** `machines/**\/*.machine.ts`, sorted, relative to the repository. */
export function findMachineFiles(root = repoRoot): string[] {
  const dir = path.join(root, 'machines');
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.machine.ts'))
    .map((f) => `machines/${f}`)
    .sort();
}

/** The JSDoc comment right above `export const <name>`, as plain text. */
export function jsDocOf(source: string, exportName: string): string {
  const at = source.search(new RegExp(`export\\s+const\\s+${exportName}\\b`));
  if (at < 0) return '';
  const before = source.slice(0, at).trimEnd();
  if (!before.endsWith('*/')) return '';
  const start = before.lastIndexOf('/**');
  if (start < 0) return '';
  return before
    .slice(start + 3, -2)
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trimEnd())
    .join('\n')
    .trim();
}

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

export async function findMachines(root = repoRoot): Promise<FoundMachine[]> {
  const found: FoundMachine[] = [];
  for (const file of findMachineFiles(root)) {
    const mod = (await import(pathToFileURL(path.join(root, file)).href)) as Record<string, unknown>;
    const source = readFileSync(path.join(root, file), 'utf8');
    const stem = path.basename(file, '.machine.ts');
    const exports = Object.entries(mod)
      .filter((entry): entry is [string, AnyStateMachine] => isMachine(entry[1]))
      .sort(([a], [b]) => a.localeCompare(b));
    for (const [exportName, machine] of exports) {
      const name = exports.length === 1 ? stem : `${stem}-${kebab(exportName.replace(/Machine$/, ''))}`;
      const description = machine.root.description ?? jsDocOf(source, exportName);
      found.push({ name, file, exportName, machine, description });
    }
  }
  return found;
}

// ---------------------------------------------------------------- the graph

const children = (node: AnyStateNode) => Object.values(node.states) as AnyStateNode[];
const isCompound = (node: AnyStateNode) => node.type === 'compound' || node.type === 'parallel';

function guardName(guard: AnyTransitionDefinition['guard']): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'guard';
  return String((guard as { type?: unknown }).type ?? 'guard');
}

/** The trigger of a transition as people say it: event name, `always`, `after <delay>`, done/error. */
function triggerOf(t: AnyTransitionDefinition): string {
  const delay = (t as { delay?: unknown }).delay;
  if (t.eventType === '') return 'always';
  if (delay !== undefined) return `after ${typeof delay === 'number' ? `${delay}ms` : String(delay)}`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(t.eventType);
  if (done) return `done (${done[1]})`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(t.eventType);
  if (error) return `error (${error[1]})`;
  if (t.eventType.startsWith('xstate.done.state.')) return 'done';
  if (t.eventType === '*') return 'any event';
  return t.eventType;
}

const labelOf = (t: AnyTransitionDefinition) => {
  const guard = guardName(t.guard);
  return guard ? `${triggerOf(t)} [${guard}]` : triggerOf(t);
};

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

interface Edge {
  source: AnyStateNode;
  target: AnyStateNode;
  label: string;
  kind: 'event' | 'always' | 'after' | 'done' | 'error';
}

function kindOf(t: AnyTransitionDefinition): Edge['kind'] {
  if (t.eventType === '') return 'always';
  if ((t as { delay?: unknown }).delay !== undefined) return 'after';
  if (t.eventType.startsWith('xstate.done.')) return 'done';
  if (t.eventType.startsWith('xstate.error.')) return 'error';
  return 'event';
}

/** Edges with a target, and the notes (invokes, internal transitions) of a node. */
function edgesOf(node: AnyStateNode): Edge[] {
  return transitionsOf(node).flatMap((t) =>
    (t.target ?? []).map((target) => ({ source: node, target, label: labelOf(t), kind: kindOf(t) })),
  );
}

function notesOf(node: AnyStateNode): string[] {
  const invokes = node.invoke.map((i) => `invoke ${i.id}`);
  const internal = transitionsOf(node)
    .filter((t) => !t.target?.length && (t.actions.length > 0 || t.reenter))
    .map((t) => `${labelOf(t)} (internal)`);
  return [...invokes, ...internal];
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...children(node).flatMap(allNodes)];
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const list: AnyStateNode[] = [];
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) list.unshift(n);
  return list;
}

/** The innermost compound (non-parallel) state that contains both ends, or undefined for the top level. */
function edgeHome(edge: Edge): AnyStateNode | undefined {
  const a = ancestors(edge.source);
  const b = ancestors(edge.target);
  let lca: AnyStateNode | undefined;
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) lca = a[i];
  // The transition belongs to the block that holds both ends as (nested) children.
  if (lca && (lca === edge.source || lca === edge.target)) lca = lca.parent;
  while (lca?.type === 'parallel') lca = lca.parent;
  return lca;
}

// ---------------------------------------------------------------- Mermaid

const mid = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');
const mtext = (s: string) => s.replace(/[:;#"]/g, ' ').replace(/\s+/g, ' ').trim();

export function toMermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  const nodes = allNodes(root);
  const edges = nodes.flatMap(edgesOf);
  const edgesByHome = new Map<AnyStateNode | undefined, Edge[]>();
  for (const edge of edges) {
    const home = edgeHome(edge);
    edgesByHome.set(home, [...(edgesByHome.get(home) ?? []), edge]);
  }
  const lines: string[] = ['stateDiagram-v2'];
  const edgeLine = (e: Edge) => `${mid(e.source)} --> ${mid(e.target)} : ${mtext(e.label)}`;

  const emit = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const title = node.type === 'parallel' ? `${node.key} (parallel)` : node.key;
    if (!isCompound(node)) {
      lines.push(`${pad}state "${mtext(title)}" as ${mid(node)}`);
      for (const note of notesOf(node)) lines.push(`${pad}${mid(node)} : ${mtext(note)}`);
      if (node.type === 'final') lines.push(`${pad}${mid(node)} --> [*]`);
      return;
    }
    lines.push(`${pad}state "${mtext(title)}" as ${mid(node)} {`);
    const kids = children(node);
    if (node.type === 'parallel') {
      kids.forEach((kid, i) => {
        if (i > 0) lines.push(`${pad}  --`);
        emit(kid, depth + 1);
      });
    } else {
      const initial = node.initial?.target?.[0];
      if (initial) lines.push(`${pad}  [*] --> ${mid(initial)}`);
      for (const kid of kids) emit(kid, depth + 1);
      for (const e of edgesByHome.get(node) ?? []) lines.push(`${pad}  ${edgeLine(e)}`);
    }
    lines.push(`${pad}}`);
    const notes = notesOf(node);
    if (notes.length) lines.push(`${pad}note right of ${mid(node)}`, ...notes.map((n) => `${pad}  ${mtext(n)}`), `${pad}end note`);
  };

  lines.push(`  [*] --> ${mid(root)}`);
  emit(root, 1);
  for (const e of edgesByHome.get(undefined) ?? []) lines.push(`  ${edgeLine(e)}`);
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------- DOT

const q = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
/** A multi-line DOT label; `left` aligns every line left (for cluster titles). */
const dotLabel = (lines: string[], left = false) => {
  const text = lines.map((l) => l.replace(/\\/g, '\\\\').replace(/"/g, '\\"'));
  return left ? `"${text.join('\\l')}\\l"` : `"${text.join('\\n')}"`;
};
const anchorOf = (node: AnyStateNode) => `${node.id}:anchor`;

const edgeStyle: Record<Edge['kind'], string> = {
  event: 'color="#333333"',
  always: 'style=dashed, color="#555555"',
  after: 'style=dotted, color="#1f5fa8", fontcolor="#1f5fa8"',
  done: 'color="#2e7d32", fontcolor="#2e7d32"',
  error: 'color="#c62828", fontcolor="#c62828"',
};

export function toDot(machine: AnyStateMachine): string {
  const root = machine.root;
  const lines: string[] = [
    `digraph ${q(machine.id)} {`,
    '  graph [compound=true, rankdir=TB, fontname="Helvetica", fontsize=12, nodesep=0.5, ranksep=0.55, pad=0.2];',
    '  node [shape=box, style="rounded,filled", fillcolor="#fffde7", color="#5d4037", fontname="Helvetica", fontsize=11, margin="0.15,0.07"];',
    '  edge [fontname="Helvetica", fontsize=10, arrowsize=0.7];',
  ];

  const emit = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const notes = notesOf(node);
    if (!isCompound(node)) {
      const shape = node.type === 'final' ? ', peripheries=2' : '';
      lines.push(`${pad}${q(node.id)} [label=${dotLabel([node.key, ...notes])}${shape}];`);
      return;
    }
    const parallelRegion = node.parent?.type === 'parallel';
    const title = node.type === 'parallel' ? `${node.key} (parallel)` : node.key;
    lines.push(`${pad}subgraph ${q(`cluster_${node.id}`)} {`);
    lines.push(`${pad}  label=${dotLabel([title, ...notes], true)}; labeljust=l;`);
    lines.push(`${pad}  style=${parallelRegion ? '"rounded,dashed"' : '"rounded"'}; color="#8d6e63"; fontname="Helvetica";`);
    if (node.type === 'parallel') {
      lines.push(`${pad}  ${q(anchorOf(node))} [shape=point, style=invis, width=0.01, label=""];`);
    } else {
      lines.push(`${pad}  ${q(anchorOf(node))} [shape=point, width=0.12, style=filled, fillcolor=black, color=black, label=""];`);
    }
    for (const kid of children(node)) emit(kid, depth + 1);
    lines.push(`${pad}}`);
  };
  emit(root, 1);

  // Initial states: an arrow from the black dot of each compound state.
  for (const node of allNodes(root)) {
    const initial = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    if (!initial) continue;
    const head = isCompound(initial) ? `, lhead=${q(`cluster_${initial.id}`)}` : '';
    lines.push(`  ${q(anchorOf(node))} -> ${q(isCompound(initial) ? anchorOf(initial) : initial.id)} [color="#333333"${head}];`);
  }
  for (const edge of allNodes(root).flatMap(edgesOf)) {
    const from = isCompound(edge.source) ? anchorOf(edge.source) : edge.source.id;
    const to = isCompound(edge.target) ? anchorOf(edge.target) : edge.target.id;
    const attrs = [`label=${q(` ${edge.label} `)}`, edgeStyle[edge.kind]];
    if (isCompound(edge.source) && from !== to) attrs.push(`ltail=${q(`cluster_${edge.source.id}`)}`);
    if (isCompound(edge.target) && from !== to) attrs.push(`lhead=${q(`cluster_${edge.target.id}`)}`);
    lines.push(`  ${q(from)} -> ${q(to)} [${attrs.join(', ')}];`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

let graphviz: Promise<Graphviz> | undefined;

export async function toSvg(dot: string): Promise<string> {
  graphviz ??= Graphviz.load();
  const svg = (await graphviz).dot(dot, 'svg');
  return svg.endsWith('\n') ? svg : `${svg}\n`;
}

// ---------------------------------------------------------------- index

/** The index's section on the generated test paths (`npm run paths`, scripts/paths.ts). */
const qaSection = [
  '## For QA: generated paths',
  '',
  'The test paths come from each statechart\'s graph (`xstate/graph`). `npm run paths`',
  '(`scripts/paths.ts`) prints them and replays some in Chromium:',
  '',
  '| command | what it does |',
  '| --- | --- |',
  '| `npm run paths` | every machine: states, transitions, and how many shortest, simple and browser paths it has |',
  '| `npm run paths <machine>` | every path of one machine (its file stem: `login`, `game-list`, `deposit`, ...) as numbered steps, each `event {payload} -> state value` |',
  '| `npm run paths <machine> -- --max-steps 6 --max-paths 50` | the same with another bound on the simple paths |',
  '| `npm run paths <machine> -- --browser` | replays every browser path of the machine in Chromium against the real server, then prints the coverage |',
  '| `npm run paths <machine> -- --browser --only 3,17` | browser paths #3 and #17 only |',
  '| `npm run paths <machine> -- --browser --cover` | the cover set only (what `npm test` runs) |',
  '',
  'Three lists, numbered apart:',
  '',
  '- **S1, S2, ...: shortest paths.** `getShortestPaths`: the shortest path to every distinct',
  '  transition (a state together with the event and the state it came from), for every input',
  '  and event set ("aspect") of the machine\'s model; a path that is the start of a longer one is',
  '  left out. The model (inputs, events, fake answers of the server) is',
  '  `machines/test/models/<machine>.model.ts`, one definition shared with',
  '  `machines/<machine>.machine.test.ts`, which replays every shortest path on a real actor and',
  '  checks that together they reach every state and take every transition.',
  '- **P1, P2, ...: simple paths.** `getSimplePaths`: every path that visits no snapshot (value',
  '  and context) twice, over the same inputs and events. There are far too many to list (a',
  '  machine of 60 snapshots has millions), so the list is bounded: every simple path of up to N',
  '  steps, N the largest (at most 10) for which there are at most 100 per aspect and input;',
  '  each list says its N and whether longer ones exist. Within the bound the list is',
  '  `getSimplePaths`\' own, in its order (`machines/test/simple-paths.test.ts`).',
  '- **#1, #2, ...: browser paths** of login, registration, password-reset, game-list, deposit',
  '  and withdraw. Their models (`tests/e2e/paths/<machine>-paths.ts`) offer only what a person',
  '  can do on the screen (taps, typed values, scrolling; variants of one event carry a `tag`)',
  '  and the answers the real server gives to it; the paths are `getShortestPaths` searched',
  '  along those steps only, cut where the page leaves the screen (the deposit\'s payment page).',
  '  Left out: what the screen cannot send (the option a select already shows, a submit of a',
  '  form still missing its captcha image) and orders the browser does not keep (a server',
  '  answer racing a debounce or a poll). The game lists\' answers are worked out from the demo',
  '  catalogue (`tests/e2e/paths/demo-catalogue.ts`), so the graph predicts the games shown. A',
  '  star marks the cover set: the fewest paths found that take every transition the browser',
  '  paths take.',
  '',
  'A browser replay starts the real server on a fresh embedded database with the demo seed',
  '(the Playwright `webServer`, on `E2E_PORT`, default 8181; run `npm run build` first, the',
  'server serves the build). Each path gets a fresh page and what it needs, made through the',
  'API: a new member (and a trial account for the refusals); for withdraw, ₱1,000.00 paid in',
  'through the local payment gateway and, as the path needs, bank cards and a withdrawal',
  'password; for a followed deposit, an order, paid or cancelled on the gateway\'s page when the',
  'path says so. Fresh usernames, numbers and card numbers, and the identity suites\' own client',
  'addresses (`tests/e2e/identity-support.ts`) keep the paths independent of each other and of',
  'their order. Each step is made to happen (a tap, typing, a scroll, or the server\'s answer',
  'arranged: a wrong password, Pay now on the gateway), then what the user sees is checked',
  'against the snapshot the graph predicts: the tab selected, the form\'s message, the radio',
  'chosen, the first game tile and the end-of-list count, the balance, the heading of the',
  'screen. Where the screen only waits (loading, submitting) the next step\'s check covers it.',
  'Time passing (the deposit poll, the search debounce, the trial toast) is waited for through',
  'what it brings (the page asking the server again, the toast gone), never by a fixed sleep.',
  '',
  'At the end the command prints how many paths passed, their time, and the coverage of the',
  'run, `states 13/14, transitions 24/28`, computed from the steps that were driven and checked',
  '(replayed on the machine, as the unit tests count coverage), not from the paths chosen; then',
  'every state and transition not covered and why: not reachable from the UI, a server answer',
  'the real server does not give (the lists and options do not fail), not modelled (said',
  'where), in a browser path that was not run, or its path failed (which step, which error).',
  '',
  '`npm test` runs only the cover sets, a few paths a machine: `tests/e2e/identity-paths.spec.ts`',
  '(login, registration, password reset) and `tests/e2e/money-lobby-paths.spec.ts` (deposit,',
  'withdraw, game-list). A browser path takes 1 to 5 s on the 2-core machine (a member with',
  'money about 1 s more; the deposit poll and the trial toast wait their 3 and 2 s), so the',
  'deposit, withdraw and game-list cover sets add about 50 s to `npm test`. Every browser path',
  'of a machine runs only with `npm run paths <machine> -- --browser`; measured with other test',
  'runs on the same machine: password-reset 18 paths in 1 min, deposit 127 in 4 min, game-list',
  '258 in 10 min, withdraw 464 in 21 min. Path numbers follow the models: after a change to a',
  'model, list the paths again before choosing with `--only`.',
  '',
];

function indexPage(machines: FoundMachine[]): string {
  const lines = [
    '# Machine diagrams',
    '',
    'Generated by `npm run diagrams` (`scripts/diagrams.ts`) from every exported machine in',
    '`machines/**/*.machine.ts`. Do not edit by hand: `scripts/diagrams.test.ts` fails when',
    'these files are out of date.',
    '',
    'In the SVGs a black dot marks the initial state; dashed arrows are eventless (`always`)',
    'transitions, dotted blue arrows delayed (`after`) ones, green and red arrows the done and',
    'error events of invoked actors; guards are shown in brackets. Dashed boxes are the regions',
    'of a parallel state. Each `.mmd` file holds the same chart in Mermaid.',
    '',
    ...qaSection,
  ];
  for (const m of machines) {
    lines.push(`## ${m.name}`, '');
    lines.push(`\`${m.exportName}\` in [\`${m.file}\`](../../${m.file}) (machine id \`${m.machine.id}\`).`, '');
    if (m.description) lines.push(m.description, '');
    lines.push(`![${m.name} statechart](${m.name}.svg)`, '');
    lines.push(`Mermaid source: [${m.name}.mmd](${m.name}.mmd)`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Every file of `docs/machines/`, by name, generated in memory. */
export async function generateDiagrams(root = repoRoot): Promise<Map<string, string>> {
  const machines = await findMachines(root);
  const files = new Map<string, string>();
  for (const m of machines) {
    files.set(`${m.name}.mmd`, toMermaid(m.machine));
    files.set(`${m.name}.svg`, await toSvg(toDot(m.machine)));
  }
  files.set('README.md', indexPage(machines));
  return files;
}

async function main() {
  const outDir = path.join(repoRoot, outDirRelative);
  mkdirSync(outDir, { recursive: true });
  const files = await generateDiagrams();
  for (const existing of existsSync(outDir) ? readdirSync(outDir) : []) {
    if (/\.(mmd|svg)$/.test(existing) && !files.has(existing)) {
      rmSync(path.join(outDir, existing));
      console.log(`removed ${outDirRelative}/${existing}`);
    }
  }
  for (const [name, content] of files) {
    writeFileSync(path.join(outDir, name), content);
    console.log(`wrote ${outDirRelative}/${name}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
