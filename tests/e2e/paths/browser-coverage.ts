/**
 * The coverage of a browser run: the state nodes and transitions of the steps
 * that were driven and checked (PATHS_REPORT lines of define-path-tests.ts),
 * replayed on an inert actor (machines/test/coverage.ts); and, for what the
 * run did not reach, why.
 */
import { stateNodesOf, transitionsOf } from '../../../machines/test/coverage.ts';
import { type BrowserModel, type BrowserPath, browserPaths, reachedBy } from './browser-model.ts';
import type { PathResult } from './define-path-tests.ts';

export interface Uncovered {
  kind: 'state' | 'transition';
  /** State id or transition key (machines/test/coverage.ts). */
  id: string;
  reason: string;
}

export interface BrowserCoverage {
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  uncovered: Uncovered[];
}

const list = (numbers: number[]) => numbers.map((n) => `#${n}`).join(', ');

export function browserCoverage<TData>(model: BrowserModel<TData>, ran: BrowserPath[], results: PathResult[]): BrowserCoverage {
  const all = browserPaths(model);
  const states = stateNodesOf(model.machine);
  const transitions = transitionsOf(model.machine);
  // The furthest each path got (a path run twice counts its best run).
  const asserted = new Map<number, PathResult>();
  for (const result of results) {
    if (result.machine !== model.name) continue;
    const best = asserted.get(result.number);
    if (!best || result.asserted > best.asserted) asserted.set(result.number, result);
  }
  const coveredStates = new Set<string>();
  const coveredTransitions = new Set<string>();
  for (const [number, result] of asserted) {
    const path = all[number - 1];
    if (!path || result.asserted === 0) continue;
    const initial = path.steps[0]!.before;
    const reached = reachedBy(model.machine, path.group.input, path.steps.slice(0, result.asserted), initial);
    for (const id of reached.states) coveredStates.add(id);
    for (const key of reached.transitions) coveredTransitions.add(key);
  }

  const reasonOf = (kind: Uncovered['kind'], id: string): string => {
    const holders = all.filter((p) => (kind === 'state' ? p.states : p.transitions).includes(id));
    const failed = holders.filter((p) => ran.includes(p) && asserted.get(p.number)?.passed === false);
    if (failed.length) {
      const first = asserted.get(failed[0]!.number)!;
      const error = (first.error ?? 'failed').split('\n')[0]!.slice(0, 160);
      return `its path${failed.length > 1 ? 's' : ''} ${list(failed.map((p) => p.number))} failed before it (#${first.number} at step ${first.asserted + 1}: ${error})`;
    }
    const notRun = holders.filter((p) => !ran.includes(p) || !asserted.has(p.number));
    if (notRun.length) return `in browser path${notRun.length > 1 ? 's' : ''} ${list(notRun.slice(0, 8).map((p) => p.number))}${notRun.length > 8 ? ', ...' : ''}, not run`;
    const known = model.outOfReach.find((entry) => entry.match.test(id));
    return known?.reason ?? 'no browser path reaches it (not in the browser model)';
  };

  const uncovered: Uncovered[] = [
    ...states.filter((id) => !coveredStates.has(id)).map((id) => ({ kind: 'state' as const, id, reason: reasonOf('state', id) })),
    ...transitions.filter((key) => !coveredTransitions.has(key)).map((key) => ({ kind: 'transition' as const, id: key, reason: reasonOf('transition', key) })),
  ];
  return {
    states: { covered: states.filter((id) => coveredStates.has(id)).length, total: states.length },
    transitions: { covered: transitions.filter((key) => coveredTransitions.has(key)).length, total: transitions.length },
    uncovered,
  };
}
