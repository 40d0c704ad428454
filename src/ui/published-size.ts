import { type RefObject, useLayoutEffect } from 'react';

/**
 * Writes the block size (height) of an element into a CSS custom property on
 * the root, and keeps it current: the fixed bars grow with larger text or
 * wrap on narrow screens, and the content's padding, the sticky parts and the
 * scroll padding (so that focus is never hidden under a bar) follow their
 * real heights. The property goes when the element does (the stylesheet's
 * default applies again).
 *
 * The size comes from a ResizeObserver, whose first report arrives after the
 * browser's own layout and before the paint of the same frame: measuring in
 * the layout effect instead forced a layout of the page in the middle of the
 * first commit (about a fifth of the home's first render, docs/quality.md).
 * The root's property is written only when the height differs from what it
 * already says (the stylesheet's default at first): a new value on the root
 * makes the browser recalculate the style of the whole document.
 */
export function usePublishedBlockSize(ref: RefObject<HTMLElement | null>, property: `--${string}`) {
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const root = document.documentElement;
    const publish = (height: number) => {
      const value = `${height}px`;
      if (getComputedStyle(root).getPropertyValue(property).trim() !== value) root.style.setProperty(property, value);
    };
    if (typeof ResizeObserver === 'undefined') {
      publish(node.getBoundingClientRect().height);
      return () => root.style.removeProperty(property);
    }
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize?.[0];
      publish(box ? box.blockSize : node.getBoundingClientRect().height);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [ref, property]);
}
