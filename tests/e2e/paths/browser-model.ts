/**
 * Browser models: a machine's graph paths restricted to what a person can do
 * on the screen and to the answers the real server gives, with the code that
 * performs each step in Chromium and checks what the user then sees.
 *
 * A model lists groups of paths (one machine input and start page each) with
 * their events: the screen's events (taps, typed values; a `tag` tells
 * variants apart) and the server's answers those inputs bring. The paths are
 * `getShortestPaths` of `xstate/graph` (as machines/test/coverage.ts makes
 * them: the shortest path to every distinct transition), searched only along
 * steps `consistent` allows (the answers the real server gives after the step
 * before); `endsAfter` cuts a path where the page leaves the machine's
 * screen. Every path left is browser-replayable and numbered; in each group
 * the smallest set found (greedy: most new transitions first, then shorter)
 * that takes every transition the group's paths take is its cover set.
 *
 * tests/e2e/paths/define-path-tests.ts turns paths into Playwright tests;
 * `npm run paths <machine> -- --browser` runs them and reports the coverage.
 */
import type { Page, TestInfo } from '@playwright/test';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { coverageOf, describePath, handles, type MachinePath, offered, serializeStep, withoutPrefixes } from '../../../machines/test/coverage.ts';

/** A snapshot as the graph predicts it. */
export interface Snap {
  value: unknown;
  context: Record<string, unknown>;
  status?: string;
}

/** One step of a path: the event, and the snapshots before and after it. */
export interface UiStep {
  event: AnyEventObject;
  before: Snap;
  after: Snap;
}

/** An event offered in a snapshot, before the search knows where it leads. */
export interface ProposedStep {
  event: AnyEventObject;
  before: Snap;
}

/** Paths from one machine input, opened at one address. */
export interface PathGroup {
  name: string;
  input: unknown;
  /** Where the paths start (the model's `open` may add to it). */
  url: string;
  /** Events tried in every snapshot (or given per snapshot). */
  events: AnyEventObject[] | ((snapshot: Snap) => AnyEventObject[]);
  /**
   * Whether the screen and the real server can give this event in this
   * snapshot, right after the step before it (none at the start).
   */
  consistent?: (step: ProposedStep, last: ProposedStep | undefined) => boolean;
  /** True when the page leaves the machine's screen with this step: the path ends there. */
  endsAfter?: (step: UiStep) => boolean;
  /**
   * Keep a path's steps up to its first step that changes nothing, instead of
   * leaving the path out (its start is still a path the browser can take).
   */
  truncate?: boolean;
  /**
   * Add a path of no event: the first screen alone (a machine that decides
   * everything at its start, e.g. a trial account's refusal). Its one step
   * is `xstate.init`.
   */
  start?: boolean;
}

/** A browser-replayable path, numbered within its machine. */
export interface BrowserPath {
  /** 1-based, in group order then generation order: what `--only` selects. */
  number: number;
  group: PathGroup;
  /** Its events, shortened (`describePath`). */
  name: string;
  steps: UiStep[];
  /** State nodes and transitions (machines/test/coverage.ts keys) the path reaches and takes. */
  states: string[];
  transitions: string[];
  /** In its group's cover set. */
  cover: boolean;
}

/** What each step of a browser test is given. */
export interface PathRun<TData> {
  page: Page;
  baseURL: string;
  testInfo: TestInfo;
  path: BrowserPath;
  /** What `prepare` made for this path (a member, an order...). */
  data: TData;
}

export interface BrowserModel<TData> {
  /** The machine's file stem (`machines/<name>.machine.ts`). */
  name: string;
  machine: AnyStateMachine;
  groups: PathGroup[];
  /**
   * Each path's test acts from a client address already asked for a captcha
   * (three failed logins from it before the page opens); every test has an
   * address of its own (client-address.ts).
   */
  captchaFromStart?: boolean;
  /** Milliseconds per path test (Playwright's default otherwise). */
  timeout?: number;
  /** Before the page opens, for each path: fresh members, orders... */
  prepare(run: Omit<PathRun<TData>, 'data'>): Promise<TData>;
  /** Opens the path's first page (default: the group's url). */
  open?(run: PathRun<TData>): Promise<void>;
  /** Makes the step's event happen: a tap, typing, or arranging the server's next answer. */
  drive(run: PathRun<TData>, step: UiStep, index: number): Promise<void>;
  /** Waits for and checks what the user sees after the step. */
  see(run: PathRun<TData>, step: UiStep, index: number): Promise<void>;
  /**
   * Why what no browser path reaches cannot be reached in the browser: each
   * pattern is matched against transition keys and state ids of
   * machines/test/coverage.ts; the first match gives the reason.
   */
  outOfReach: Array<{ match: RegExp; reason: string }>;
}

const json = (v: unknown) => JSON.stringify(v);

/** A path of UI steps as machines/test/coverage.ts takes it. */
export function asMachinePath(steps: UiStep[], initial: Snap): MachinePath<AnyStateMachine> {
  return {
    state: steps.at(-1)?.after ?? initial,
    weight: steps.length,
    steps: [{ event: { type: 'xstate.init' }, state: initial }, ...steps.map((s) => ({ event: s.event, state: s.after }))],
  } as unknown as MachinePath<AnyStateMachine>;
}

/** The state nodes and transitions a path of UI steps reaches and takes (replayed on an inert actor). */
export function reachedBy(machine: AnyStateMachine, input: unknown, steps: UiStep[], initial: Snap) {
  const coverage = coverageOf(machine, [{ input: input as never, paths: [asMachinePath(steps, initial)] }]);
  return {
    states: coverage.states.filter((id) => !coverage.missingStates.includes(id)),
    transitions: coverage.transitions.filter((key) => !coverage.missingTransitions.includes(key)),
  };
}

interface Candidate {
  name: string;
  steps: UiStep[];
  initial: Snap;
  states: string[];
  transitions: string[];
}

/**
 * The group's paths: `getShortestPaths` with the serialisation of
 * machines/test/coverage.ts (a snapshot with the event and snapshot it came
 * from, so every distinct transition gets a path), offering in each snapshot
 * only the events `consistent` allows after the step that led there.
 */
function generate(machine: AnyStateMachine, group: PathGroup): MachinePath<AnyStateMachine>[] {
  const cameBy = new WeakMap<object, ProposedStep>();
  const paths = getShortestPaths(machine, {
    input: group.input,
    events: group.events as never,
    serializeState: ((state: Snap, event?: AnyEventObject, prev?: Snap) => {
      if (event && prev) cameBy.set(state, { event, before: prev });
      return serializeStep(state, event, prev);
    }) as never,
    // An event no active state handles changes nothing: it is not offered (which also spares the traversal its transition).
    filterEvents: (snapshot, event) =>
      offered(snapshot, event) &&
      handles(snapshot, event.type) &&
      (group.consistent?.({ event, before: snapshot as unknown as Snap }, cameBy.get(snapshot)) ?? true),
    limit: 100_000,
  }) as unknown as MachinePath<AnyStateMachine>[];
  return withoutPrefixes(paths);
}

/** Replayable paths of one group, in generation order. */
function candidatesOf(machine: AnyStateMachine, group: PathGroup): Candidate[] {
  const generated = generate(machine, group);
  const seen = new Set<string>();
  const out: Candidate[] = [];
  if (group.start) {
    const initial = generated[0]!.steps[0]!.state as unknown as Snap;
    const steps: UiStep[] = [{ event: { type: 'xstate.init' }, before: initial, after: initial }];
    out.push({ name: '(the first screen)', steps, initial, ...reachedBy(machine, group.input, steps, initial) });
  }
  for (const path of generated) {
    const raw = path.steps as unknown as Array<{ event: AnyEventObject; state: Snap }>;
    let steps: UiStep[] = raw.slice(1).map((step, i) => ({ event: step.event, before: raw[i]!.state, after: step.state }));
    const end = group.endsAfter ? steps.findIndex((s) => group.endsAfter!(s)) : -1;
    if (end >= 0) steps = steps.slice(0, end + 1);
    // Steps that change nothing show nothing to check.
    const noop = (s: UiStep) => json(s.before.value) === json(s.after.value) && json(s.before.context) === json(s.after.context);
    const bad = steps.findIndex(noop);
    if (bad >= 0 && !group.truncate) continue;
    if (bad >= 0) steps = steps.slice(0, bad);
    if (steps.length === 0) continue;
    const key = json(steps.map((s) => s.event));
    if (seen.has(key)) continue;
    seen.add(key);
    const initial = raw[0]!.state;
    const name = describePath({ steps: [{ event: { type: 'xstate.init' } }, ...steps] });
    out.push({ name, steps, initial, ...reachedBy(machine, group.input, steps, initial) });
  }
  // A path cut short may now be the start of another: the longer one replays it.
  return withoutPrefixes(out);
}

/** The greedy cover set: most new transitions first, shorter first on a tie, until nothing new is left. */
function coverSet(candidates: Candidate[]): Set<Candidate> {
  const covered = new Set<string>();
  const chosen = new Set<Candidate>();
  for (;;) {
    let best: Candidate | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = candidate.transitions.filter((t) => !covered.has(t)).length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && candidate.steps.length < best.steps.length)) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) return chosen;
    chosen.add(best);
    for (const t of best.transitions) covered.add(t);
  }
}

const cache = new WeakMap<object, BrowserPath[]>();

/** Every browser-replayable path of the model, numbered (computed once per model). */
export function browserPaths<TData>(model: BrowserModel<TData>): BrowserPath[] {
  const cached = cache.get(model);
  if (cached) return cached;
  const paths: BrowserPath[] = [];
  for (const group of model.groups) {
    const candidates = candidatesOf(model.machine, group);
    const cover = coverSet(candidates);
    for (const c of candidates) {
      paths.push({ number: paths.length + 1, group, name: c.name, steps: c.steps, states: c.states, transitions: c.transitions, cover: cover.has(c) });
    }
  }
  cache.set(model, paths);
  return paths;
}

/** An answer of the server or a timer (`xstate.*`), not something a person does. */
export const isAnswer = (event: AnyEventObject) => event.type.startsWith('xstate.');

/** The `tag` of an event when it has one (`form.submit:empty`), else its type. */
export const tagOf = (event: AnyEventObject) => (typeof event.tag === 'string' ? `${event.type}:${event.tag}` : event.type);
