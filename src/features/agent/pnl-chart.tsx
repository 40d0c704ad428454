import { useEffect, useRef } from 'react';
import type { TeamPnlDay } from '../../../contract/agent.ts';
import { useT } from '../../i18n/use-t.ts';
import type { CurrencyLike } from '../../ui/money-format.ts';
import styles from './agent.module.css';

const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * The team's result per day as bars (DESIGN: a small chart where a trend
 * matters), drawn by uPlot, which this screen alone loads. The same figures
 * are the list below it, which screen readers read; the chart is a picture
 * named by its range.
 */
export function PnlChart({ days, currency }: { days: readonly TeamPnlDay[]; currency: CurrencyLike }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = box.current;
    if (!node || days.length === 0) return;
    let live = true;
    let dispose = () => {};
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (!live) return;
      const sorted = [...days].sort((a, b) => (a.day < b.day ? -1 : 1));
      const scale = 10 ** currency.minorUnits;
      const data: [number[], number[]] = [sorted.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000), sorted.map((d) => d.profit / scale)];
      const axis = { stroke: token('--color-muted'), grid: { stroke: token('--color-line'), width: 1 }, ticks: { show: false } };
      const chart = new UPlot(
        {
          width: node.clientWidth,
          height: 160,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: true } },
          axes: [axis, { ...axis, size: 56 }],
          series: [{}, { stroke: token('--color-brand'), fill: token('--color-brand'), paths: UPlot.paths.bars?.({ size: [0.6, 48] }), points: { show: false } }],
        },
        data,
        node,
      );
      const resize = new ResizeObserver(() => chart.setSize({ width: node.clientWidth, height: 160 }));
      resize.observe(node);
      dispose = () => {
        resize.disconnect();
        chart.destroy();
      };
    });
    return () => {
      live = false;
      dispose();
    };
  }, [days, currency]);
  if (days.length === 0) return null;
  const last = days[0]!;
  const first = days[days.length - 1]!;
  return <div ref={box} className={styles.chart} role="img" aria-label={t('agent.pnl.chart', { start: first.day, end: last.day })} />;
}
