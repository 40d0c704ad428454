/**
 * Writes a diagram of every exported machine in `machines/**\/*.machine.ts`
 * into `docs/machines/`: a Mermaid `stateDiagram-v2` (`<name>.mmd`), an SVG
 * rendered offline by Graphviz (WebAssembly) from the same graph in DOT
 * (`<name>.svg`), an index for people (`README.md`) and one for the
 * in-app inspector (`index.json`: machine id -> SVG file).
 *
 * In the SVGs every state node (a box, or the cluster of a compound or
 * parallel state) is a `<g>` with `id="state:<machine id>.<path>"` (the path
 * of state keys, as in `snapshot.value`, whatever `id` the state was given)
 * and the class `state`; the inspector (src/inspector/) highlights the active
 * ones by these ids.
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

/**
 * The SVG `id` of a state node's `<g>`: `state:` and the machine id followed
 * by the keys of its path (`state:balance.loading`), the names
 * `snapshot.value` uses, so a custom state `id` does not change it. The
 * inspector (src/inspector/active-states.ts) builds the same ids.
 */
export const svgIdOf = (machine: AnyStateMachine, node: AnyStateNode) => `state:${[machine.id, ...node.path].join('.')}`;
/** Graphviz attributes naming a state node in the SVG: its `id` and the classes `state <type>`. */
const svgAttrs = (machine: AnyStateMachine, node: AnyStateNode) => [`id=${q(svgIdOf(machine, node))}`, `class=${q(`state ${node.type}`)}`];

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
      lines.push(`${pad}${q(node.id)} [label=${dotLabel([node.key, ...notes])}${shape}, ${svgAttrs(machine, node).join(', ')}];`);
      return;
    }
    const parallelRegion = node.parent?.type === 'parallel';
    const title = node.type === 'parallel' ? `${node.key} (parallel)` : node.key;
    lines.push(`${pad}subgraph ${q(`cluster_${node.id}`)} {`);
    lines.push(`${pad}  label=${dotLabel([title, ...notes], true)}; labeljust=l; ${svgAttrs(machine, node).join('; ')};`);
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

// ---------------------------------------------------------------- Stately

type StatelyTransition = { target?: string[]; guard?: string; actions?: string[]; reenter?: true; description?: string };
type StatelyNode = {
  id?: string;
  type?: 'parallel' | 'final' | 'history';
  initial?: string;
  description?: string;
  entry?: string[];
  exit?: string[];
  on?: Record<string, StatelyTransition[]>;
  after?: Record<string, StatelyTransition[]>;
  always?: StatelyTransition[];
  invoke?: { id: string; src: string; onDone?: StatelyTransition[]; onError?: StatelyTransition[] }[];
  states?: Record<string, StatelyNode>;
};

const actionNames = (actions: readonly unknown[] | undefined): string[] =>
  (actions ?? []).map((a) => {
    if (typeof a === 'string') return a;
    if (typeof a === 'function') return (a as { type?: string }).type ?? (a.name || 'action');
    return String((a as { type?: unknown }).type ?? 'action');
  });

function statelyTransition(t: AnyTransitionDefinition): StatelyTransition {
  const out: StatelyTransition = {};
  const targets = (t.target ?? []) as AnyStateNode[];
  if (targets.length) out.target = targets.map((n) => `#${n.id}`);
  const guard = guardName(t.guard);
  if (guard) out.guard = guard;
  const actions = actionNames(t.actions as readonly unknown[]);
  if (actions.length) out.actions = actions;
  if ((t as { reenter?: boolean }).reenter) out.reenter = true;
  return out;
}

/** The state node as a plain `createMachine` config: names for guards, actions, delays and actors. */
function statelyNode(node: AnyStateNode): StatelyNode {
  const out: StatelyNode = { id: node.id };
  if (node.type === 'parallel' || node.type === 'final' || node.type === 'history') out.type = node.type;
  const initial = (node.config as { initial?: unknown }).initial;
  if (typeof initial === 'string') out.initial = initial;
  if (node.description) out.description = node.description;
  const entry = actionNames(node.entry as readonly unknown[]);
  if (entry.length) out.entry = entry;
  const exit = actionNames(node.exit as readonly unknown[]);
  if (exit.length) out.exit = exit;
  const invokes = (node.invoke as { id: string; src: unknown }[]).map((inv) => ({
    id: inv.id,
    src: typeof inv.src === 'string' ? inv.src : inv.id,
  })) as NonNullable<StatelyNode['invoke']>;
  for (const [eventType, transitions] of node.transitions) {
    const list = (transitions as AnyTransitionDefinition[]).map(statelyTransition);
    const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
    const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
    const invoked = invokes.find((inv) => inv.id === (done?.[1] ?? error?.[1]));
    const delay = (transitions as AnyTransitionDefinition[])[0] && ((transitions as AnyTransitionDefinition[])[0] as { delay?: unknown }).delay;
    if (invoked && done) invoked.onDone = list;
    else if (invoked && error) invoked.onError = list;
    else if (delay !== undefined) out.after = { ...out.after, [String(delay)]: list };
    else out.on = { ...out.on, [eventType]: list };
  }
  if (node.always?.length) out.always = node.always.map(statelyTransition);
  if (invokes.length) out.invoke = invokes;
  const children = Object.entries(node.states as Record<string, AnyStateNode>);
  if (children.length) out.states = Object.fromEntries(children.map(([key, child]) => [key, statelyNode(child)]));
  return out;
}

/**
 * `<name>.stately.ts`: the machine as a plain `createMachine` call that the
 * Stately visualizer and Studio open (guards, actions, delays and actors by
 * name; docs/machines/README.md says how).
 */
export function toStately(found: FoundMachine): string {
  const config = statelyNode(found.machine.root);
  return [
    `// Generated by npm run diagrams from ${found.file} (${found.exportName}); do not edit.`,
    '// Open it in the Stately visualizer or Studio: see docs/machines/README.md, "For product owners".',
    "import { createMachine } from 'xstate';",
    '',
    `export const ${found.exportName} = createMachine(${JSON.stringify(config, null, 2)});`,
    '',
  ].join('\n');
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
    '## Watching the machines live',
    '',
    'The running site shows its machines as they work. Start `npm run dev` and open any page with',
    '`?inspect` in the URL, for example http://127.0.0.1:5173/m/home?inspect; or run',
    '`npm run preview` (a production build with the inspector, served by the real server) and open',
    'http://127.0.0.1:8080/m/home?inspect. A panel over the bottom of the page (the cross collapses',
    'it to a small button, the arrow makes it taller) lists every live actor of the app\'s actor',
    'system with its system id (or id), machine id and status; actors that stop leave the list.',
    'For the selected actor it shows its active states highlighted on its diagram from this folder',
    '(the whole chart, or zoomed to the active states), its context as JSON, and its last 50 events',
    'with their time, source and target. It needs no network and updates live. Promise and callback',
    'actors are listed without a diagram. The panel finds a machine\'s SVG by its id in',
    '`index.json`; in the SVGs each state is the `<g>` whose `id` is `state:<machine id>.<path>`',
    '(`state:systemStatus.connection.waiting`), the ids it highlights.',
    '',
    '`?inspect=stately` opens the online Stately inspector in a window of its own instead (it needs',
    'the internet and pop-ups allowed; when it cannot open, the console logger takes over), and',
    '`?inspect=console` logs each snapshot to the browser console. Production builds',
    '(`npm run build`, `npm start`) contain none of this (`src/main.tsx`, `src/inspector/`).',
    '',
    '## For product owners: the machines in the Stately visualizer',
    '',
    'Each machine is also here as `<name>.stately.ts`: a plain `createMachine(...)` call with its',
    'states, events, guards, delays and actors by name, which the Stately tools open and lay out as',
    'an editable chart. To look at one:',
    '',
    '1. Open the file (for example [`login.stately.ts`](login.stately.ts)) and copy all of it.',
    '2. Either open https://stately.ai/viz, replace the example code with it and press',
    '   "Visualize"; or in Stately Studio (https://stately.ai/studio) create a project, choose',
    '   "Import" then "From code", and paste it.',
    '3. Offline, the "XState VSCode" extension (statelyai.stately-vscode) opens the same file',
    '   with "Open Visual Editor".',
    '',
    'The charts are read-only copies: the machine in `machines/` is the source, and',
    '`npm run diagrams` writes these files again from it.',
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

/**
 * `index.json`: the SVG of each machine id, for the inspector to find a running
 * machine's diagram. Two machines with one id could not be told apart: an error.
 */
export function diagramIndex(machines: FoundMachine[]): string {
  const index: Record<string, string> = {};
  for (const m of [...machines].sort((a, b) => a.machine.id.localeCompare(b.machine.id))) {
    if (index[m.machine.id]) {
      throw new Error(`Machine id ${m.machine.id} is used by ${index[m.machine.id]} and ${m.name}.svg: give one of them another id`);
    }
    index[m.machine.id] = `${m.name}.svg`;
  }
  return `${JSON.stringify(index, null, 2)}\n`;
}

/** Every file of `docs/machines/`, by name, generated in memory. */
export async function generateDiagrams(root = repoRoot): Promise<Map<string, string>> {
  const machines = await findMachines(root);
  const files = new Map<string, string>();
  for (const m of machines) {
    files.set(`${m.name}.mmd`, toMermaid(m.machine));
    files.set(`${m.name}.svg`, await toSvg(toDot(m.machine)));
    files.set(`${m.name}.stately.ts`, toStately(m));
  }
  files.set('README.md', indexPage(machines));
  files.set('index.json', diagramIndex(machines));
  return files;
}

async function main() {
  const outDir = path.join(repoRoot, outDirRelative);
  mkdirSync(outDir, { recursive: true });
  const files = await generateDiagrams();
  for (const existing of existsSync(outDir) ? readdirSync(outDir) : []) {
    if (/\.(mmd|svg|stately\.ts)$/.test(existing) && !files.has(existing)) {
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
