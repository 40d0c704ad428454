import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A ResizeObserver the test drives: it reports the sizes the test gives, as the browser does after a layout. */
class TestResizeObserver {
  static current: TestResizeObserver | null = null;
  readonly watched = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    TestResizeObserver.current = this;
  }
  observe(target: Element) {
    this.watched.add(target);
  }
  unobserve(target: Element) {
    this.watched.delete(target);
  }
  disconnect() {
    this.watched.clear();
  }
  report(sizes: [Element, number | undefined][]) {
    const entries = sizes.map(([target, blockSize]) => ({
      target,
      borderBoxSize: blockSize === undefined ? undefined : [{ blockSize, inlineSize: 0 }],
    }));
    this.callback(entries as unknown as ResizeObserverEntry[], this as unknown as ResizeObserver);
  }
}

function Bar({ property }: { property: `--${string}` }) {
  const ref = useRef<HTMLDivElement>(null);
  usePublishedBlockSize(ref, property);
  return <div ref={ref} data-bar={property} />;
}

const root = () => document.documentElement.style;
const bar = (property: string) => document.querySelector(`[data-bar="${property}"]`)!;

let usePublishedBlockSize: typeof import('./published-size.ts').usePublishedBlockSize;

beforeEach(async () => {
  vi.stubGlobal('ResizeObserver', TestResizeObserver);
  // A fresh module per test: the observer is created once per page.
  vi.resetModules();
  ({ usePublishedBlockSize } = await import('./published-size.ts'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  TestResizeObserver.current = null;
});

describe('usePublishedBlockSize', () => {
  it('writes each bar’s reported height on the root, through one observer', () => {
    render(
      <>
        <Bar property="--header-height" />
        <Bar property="--bottom-bar-height" />
      </>,
    );
    const observer = TestResizeObserver.current!;
    expect(observer.watched.size).toBe(2);
    observer.report([
      [bar('--header-height'), 96],
      [bar('--bottom-bar-height'), 60],
    ]);
    expect(root().getPropertyValue('--header-height')).toBe('96px');
    expect(root().getPropertyValue('--bottom-bar-height')).toBe('60px');
    observer.report([[bar('--header-height'), 56]]);
    expect(root().getPropertyValue('--header-height')).toBe('56px');
  });

  it('writes a value only when it changes', () => {
    render(<Bar property="--header-height" />);
    const observer = TestResizeObserver.current!;
    const setProperty = vi.spyOn(root(), 'setProperty');
    observer.report([[bar('--header-height'), 96]]);
    observer.report([[bar('--header-height'), 96]]);
    expect(setProperty).toHaveBeenCalledTimes(1);
    setProperty.mockRestore();
  });

  it('reads the box itself where the browser gives no border-box size', () => {
    render(<Bar property="--header-height" />);
    vi.spyOn(bar('--header-height'), 'getBoundingClientRect').mockReturnValue({ height: 72 } as DOMRect);
    TestResizeObserver.current!.report([[bar('--header-height'), undefined]]);
    expect(root().getPropertyValue('--header-height')).toBe('72px');
  });

  it('removes the property and stops watching when the bar goes, and writes it again when one comes back', () => {
    const { rerender } = render(<Bar property="--header-height" />);
    const observer = TestResizeObserver.current!;
    observer.report([[bar('--header-height'), 96]]);
    rerender(<span />);
    expect(root().getPropertyValue('--header-height')).toBe('');
    expect(observer.watched.size).toBe(0);
    rerender(<Bar property="--header-height" />);
    observer.report([[bar('--header-height'), 96]]);
    expect(root().getPropertyValue('--header-height')).toBe('96px');
  });
});
