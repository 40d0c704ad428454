import index from '../../docs/machines/index.json';

/** The SVG source of a machine's diagram, or undefined when `npm run diagrams` drew none for its id. */
export type DiagramLoader = (machineId: string) => Promise<string> | undefined;

// Each SVG is a chunk of its own, fetched when its machine is first shown.
const svgFiles = import.meta.glob<string>('../../docs/machines/*.svg', { query: '?raw', import: 'default' });
const files: Record<string, string | undefined> = index;
const loaded = new Map<string, Promise<string>>();

/** The diagrams of docs/machines/ (`npm run diagrams`), found by machine id through its index.json. */
export const loadMachineDiagram: DiagramLoader = (machineId) => {
  const file = files[machineId];
  const load = file ? svgFiles[`../../docs/machines/${file}`] : undefined;
  if (!load) return undefined;
  let svg = loaded.get(machineId);
  if (!svg) {
    svg = load();
    svg.catch(() => loaded.delete(machineId));
    loaded.set(machineId, svg);
  }
  return svg;
};
