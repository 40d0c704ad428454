import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { diagramIndex, findMachineFiles, findMachines, generateDiagrams, outDirRelative, repoRoot, toDot, toMermaid, toStately, toSvg } from './diagrams.ts';
import { systemStatusMachine } from '../machines/system-status.machine.ts';

const outDir = path.join(repoRoot, outDirRelative);
const stale = 'is out of date: run npm run diagrams';

describe('docs/machines', () => {
  it('covers every machine file', () => {
    const files = findMachineFiles();
    expect(files).toContain('machines/app.machine.ts');
    expect(files).toContain('machines/system-status.machine.ts');
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it('matches what npm run diagrams generates', { timeout: 30_000 }, async () => {
    const generated = await generateDiagrams();
    expect([...generated.keys()]).toContain('system-status.svg');
    for (const [name, content] of generated) {
      const file = path.join(outDir, name);
      expect(existsSync(file), `${outDirRelative}/${name} is missing: run npm run diagrams`).toBe(true);
      expect(readFileSync(file, 'utf8') === content, `${outDirRelative}/${name} ${stale}`).toBe(true);
    }
    const extra = readdirSync(outDir).filter((f) => /\.(mmd|svg|stately\.ts)$/.test(f) && !generated.has(f));
    expect(extra, `stale diagrams in ${outDirRelative}: run npm run diagrams`).toEqual([]);
  });

  it('is deterministic', { timeout: 30_000 }, async () => {
    const [a, b] = [await generateDiagrams(), await generateDiagrams()];
    expect(Object.fromEntries(a)).toEqual(Object.fromEntries(b));
  });

  it('draws parallel regions, guards, delays and invoke results', () => {
    const mmd = toMermaid(systemStatusMachine);
    expect(mmd.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(mmd).toMatch(/state "connection" as systemStatus_connection \{[\s\S]*\n\s+--\n\s+state "status" as systemStatus_status \{/);
    expect(mmd).toContain('[*] --> systemStatus_connection_fetching');
    expect(mmd).toContain('systemStatus_connection_waiting --> systemStatus_connection_fetching : after statusRefresh');
    expect(mmd).toContain('systemStatus_connection_fetching --> systemStatus_connection_waiting : done (fetchStatus)');
    expect(mmd).toContain('systemStatus_connection_fetching --> systemStatus_connection_waiting : error (fetchStatus)');
    expect(mmd).toContain('systemStatus_status_unknown --> systemStatus_status_maintenance : always [isMaintenance]');
    const dot = toDot(systemStatusMachine);
    expect(dot).toContain('subgraph "cluster_systemStatus.connection"');
    expect(dot).toContain('"systemStatus.connection.waiting" -> "systemStatus.connection.fetching" [label=" after statusRefresh "');
  });

  it('names every state node of an SVG by its path, for the inspector to highlight', { timeout: 30_000 }, async () => {
    const svg = await toSvg(toDot(systemStatusMachine));
    expect(svg).toContain('<g id="state:systemStatus" class="cluster state parallel">');
    expect(svg).toContain('<g id="state:systemStatus.connection" class="cluster state compound">');
    expect(svg).toContain('<g id="state:systemStatus.connection.fetching" class="node state atomic">');
    expect(svg).toContain('<g id="state:systemStatus.status.unknown" class="node state atomic">');
  });

  it('indexes the SVGs by machine id, and refuses two machines with one id', async () => {
    const machines = await findMachines();
    const index = JSON.parse(diagramIndex(machines)) as Record<string, string>;
    expect(index).toMatchObject({ app: 'app.svg', systemStatus: 'system-status.svg', balance: 'balance.svg' });
    expect(Object.keys(index)).toHaveLength(machines.length);
    const [first] = machines;
    expect(() => diagramIndex([first!, { ...first!, name: 'copy' }])).toThrow(/is used by/);
  });
});

describe('docs/machines/*.stately.ts', () => {
  it('opens as a machine with the same states and events as the real one', async () => {
    const machines = await findMachines();
    for (const m of machines) {
      const mod = (await import(pathToFileURL(path.join(outDir, `${m.name}.stately.ts`)).href)) as Record<string, AnyStateMachine>;
      const copy = mod[m.exportName]!;
      expect(stateIds(copy), m.name).toEqual(stateIds(m.machine));
      expect([...copy.events].sort(), m.name).toEqual([...m.machine.events].sort());
    }
  });

  it('names guards, actions, delays and actors', () => {
    const text = toStately({ name: 'system-status', file: 'machines/system-status.machine.ts', exportName: 'systemStatusMachine', machine: systemStatusMachine, description: '' });
    expect(text).toContain('"guard": "isMaintenance"');
    expect(text).toContain('"statusRefresh"');
    expect(text).toContain('"src": "fetchStatus"');
  });
});

function stateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const walk = (node: AnyStateNode) => {
    ids.push(node.id);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return ids.sort();
}
