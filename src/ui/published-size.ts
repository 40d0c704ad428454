import { type RefObject, useLayoutEffect } from 'react';

/**
 * Writes the block size (height) of an element into a CSS custom property on
 * the root, and keeps it current: the bars grow with larger text or wrap on
 * narrow screens, and what sits against them (the bottom padding under the
 * fixed bottom bar, the sticky parts below the header, the toasts, the scroll
 * padding, so that focus is never hidden under a bar) follows their real
 * heights. The property goes when the element does (the stylesheet's default
 * applies again).
 *
 * The sizes come from one ResizeObserver, watching from the commit (a layout
 * effect): the browser reports them after its own layout and before it paints,
 * so nothing forces a layout in the middle of React's commit (reading
 * `getBoundingClientRect` there did, on every screen's first commit), and a
 * property is written only when its value changes. Where the content starts
 * does not depend on them: the header is in the page's flow (position:
 * sticky), so the content starts below it by itself.
 */
const observed = new Map<Element, `--${string}`>();
const written = new Map<string, string>();
let observer: ResizeObserver | null = null;

function publish(entries: ResizeObserverEntry[]) {
  const root = document.documentElement;
  for (const entry of entries) {
    const property = observed.get(entry.target);
    if (!property) continue;
    // Browsers without borderBoxSize (Safari before 15.4): the box read after the layout the observer reports.
    const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
    const value = `${height}px`;
    if (written.get(property) === value) continue;
    written.set(property, value);
    root.style.setProperty(property, value);
  }
}

export function usePublishedBlockSize(ref: RefObject<HTMLElement | null>, property: `--${string}`) {
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    observer ??= new ResizeObserver(publish);
    observed.set(node, property);
    observer.observe(node);
    return () => {
      observer?.unobserve(node);
      observed.delete(node);
      written.delete(property);
      document.documentElement.style.removeProperty(property);
    };
  }, [ref, property]);
}
