import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../i18n/use-t.ts';
import styles from './inspector-panel.module.css';
import type { DiagramLoader } from './machine-diagrams.ts';

type Zoom = 'fit' | 'active';

/** `[id="…"]` for an id of ours (`state:app.restoring`): quotes and backslashes escaped. */
const byId = (id: string) => `[id="${id.replace(/["\\]/g, '\\$&')}"]`;

/** The SVG of a diagram's source, ready to put in the page; null when it is not an SVG. */
function parseSvg(source: string): SVGSVGElement | null {
  const root = new DOMParser().parseFromString(source, 'image/svg+xml').documentElement;
  if (root.localName !== 'svg') return null;
  const svg = document.importNode(root, true) as unknown as SVGSVGElement;
  // Its own size (Graphviz writes points) is kept for the 1:1 view.
  svg.setAttribute('data-width', svg.getAttribute('width') ?? '');
  svg.setAttribute('data-height', svg.getAttribute('height') ?? '');
  svg.setAttribute('role', 'img');
  return svg;
}

/**
 * A machine's generated diagram with its active state nodes highlighted (the
 * `<g>`s whose ids are `activeIds`): the whole chart fitted into the box, or
 * zoomed and scrolled to the active states.
 */
export function DiagramView({ machineId, activeIds, load }: { machineId: string; activeIds: string[]; load: DiagramLoader }) {
  const t = useT();
  const box = useRef<HTMLElement>(null);
  const [diagram, setDiagram] = useState<{ machineId: string; svg: SVGSVGElement | null } | null>(null);
  // The zoom picked with the buttons; until then the whole chart when it can be read so, else the active states.
  const [picked, setPicked] = useState<Zoom | null>(null);
  const [fitted, setFitted] = useState<Zoom>('fit');
  const zoom = picked ?? fitted;
  const svg = diagram?.machineId === machineId ? diagram.svg : undefined;
  const missing = !load(machineId) || svg === null;
  const active = activeIds.join(' ');

  useEffect(() => {
    let live = true;
    load(machineId)?.then(
      (source) => live && setDiagram({ machineId, svg: parseSvg(source) }),
      () => live && setDiagram({ machineId, svg: null }),
    );
    return () => {
      live = false;
    };
  }, [machineId, load]);

  // The box holds nothing React renders: only the SVG, put in and taken out here.
  useLayoutEffect(() => {
    const host = box.current;
    host?.replaceChildren(...(svg ? [svg] : []));
    if (!host || !svg) return;
    // Fitted into the box, text at less than about half its size cannot be read (a phone, a big chart).
    // Graphviz sizes charts in points: 4/3 CSS pixels each.
    const width = (Number.parseFloat(svg.getAttribute('data-width') ?? '') * 4) / 3;
    const height = (Number.parseFloat(svg.getAttribute('data-height') ?? '') * 4) / 3;
    const scale = width > 0 && height > 0 ? Math.min(host.clientWidth / width, host.clientHeight / height) : 0;
    setFitted(scale >= 0.55 ? 'fit' : 'active');
  }, [svg]);

  useLayoutEffect(() => {
    if (!svg) return;
    // `data-active`: `node` on an active state's box, `cluster` on an active compound or parallel state.
    for (const g of svg.querySelectorAll('[data-active]')) g.removeAttribute('data-active');
    for (const id of active.split(' ')) {
      const g = svg.querySelector(byId(id));
      g?.setAttribute('data-active', g.classList.contains('cluster') ? 'cluster' : 'node');
    }
  }, [svg, active]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: centred again when the active states change
  useLayoutEffect(() => {
    const host = box.current;
    if (!svg || !host) return;
    if (zoom === 'fit') {
      // Without a size the viewBox scales the chart into the box (CSS), all of it in sight.
      svg.removeAttribute('width');
      svg.removeAttribute('height');
      return;
    }
    // At a size that shows all the active leaves (the boxes, not the clusters around them), between
    // 45% and 80% of the chart's own size, centred on them; leaves too far apart for that: on the first.
    const ownWidth = (Number.parseFloat(svg.getAttribute('data-width') ?? '') * 4) / 3;
    const ownHeight = (Number.parseFloat(svg.getAttribute('data-height') ?? '') * 4) / 3;
    if (!(ownWidth > 0 && ownHeight > 0)) return;
    const leavesAt = () => [...svg.querySelectorAll('[data-active="node"]')].map((g) => g.getBoundingClientRect());
    const around = (rects: DOMRect[]) => ({
      left: Math.min(...rects.map((r) => r.left)),
      right: Math.max(...rects.map((r) => r.right)),
      top: Math.min(...rects.map((r) => r.top)),
      bottom: Math.max(...rects.map((r) => r.bottom)),
    });
    const setScale = (scale: number) => {
      svg.setAttribute('width', `${ownWidth * scale}px`);
      svg.setAttribute('height', `${ownHeight * scale}px`);
    };
    setScale(1);
    const leaves = leavesAt();
    if (!leaves.length) return;
    const frame = host.getBoundingClientRect();
    const all = around(leaves);
    const fits = Math.min((frame.width * 0.9) / (all.right - all.left), (frame.height * 0.9) / (all.bottom - all.top));
    const scale = Number.isFinite(fits) ? Math.max(0.45, Math.min(0.8, fits)) : 0.8;
    setScale(scale);
    const scaled = leavesAt();
    const target = fits >= 0.45 ? around(scaled) : around(scaled.slice(0, 1));
    host.scrollLeft += (target.left + target.right) / 2 - (frame.left + frame.width / 2);
    host.scrollTop += (target.top + target.bottom) / 2 - (frame.top + frame.height / 2);
  }, [svg, zoom, active]);

  if (missing) return <p className={styles.note}>{t('dev.inspector.diagram.missing', { machineId })}</p>;
  return (
    <div className={styles.diagramWrap}>
      <div className={styles.tools}>
        <span className={styles.toolsTitle}>{t('dev.inspector.diagram')}</span>
        <button type="button" className={styles.tool} aria-pressed={zoom === 'fit'} onClick={() => setPicked('fit')}>
          {t('dev.inspector.zoom.fit')}
        </button>
        <button type="button" className={styles.tool} aria-pressed={zoom === 'active'} onClick={() => setPicked('active')}>
          {t('dev.inspector.zoom.active')}
        </button>
      </div>
      {svg === undefined ? <p className={styles.note}>{t('dev.inspector.diagram.loading')}</p> : null}
      <figure ref={box} className={styles.diagram} data-zoom={zoom} aria-label={t('dev.inspector.diagram')} />
    </div>
  );
}
