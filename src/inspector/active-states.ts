import type { StateValue } from 'xstate';

/**
 * The SVG ids of a machine's active state nodes, from its snapshot's `value`:
 * the machine itself, and every state on the way to each active leaf (all
 * regions of a parallel state). `npm run diagrams` (scripts/diagrams.ts,
 * `svgIdOf`) gives each state node's `<g>` the same id:
 * `state:<machine id>.<path of state keys>`.
 */
export function activeStateIds(machineId: string, value: StateValue): string[] {
  const ids = [`state:${machineId}`];
  const walk = (path: string, state: StateValue) => {
    if (typeof state === 'string') {
      ids.push(`state:${path}.${state}`);
      return;
    }
    for (const [key, child] of Object.entries(state)) {
      ids.push(`state:${path}.${key}`);
      if (child !== undefined) walk(`${path}.${key}`, child);
    }
  };
  walk(machineId, value);
  return ids;
}

/** The active leaves of a state value as dotted paths (`connection.fetching`), for a line of text. */
export function activeLeaves(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) => {
    const leaves = child === undefined ? [] : activeLeaves(child);
    return leaves.length ? leaves.map((leaf) => `${key}.${leaf}`) : [key];
  });
}
