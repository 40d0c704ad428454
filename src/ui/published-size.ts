import { type RefObject, useLayoutEffect } from 'react';

/**
 * Writes the block size (height) of an element into a CSS custom property on
 * the root, and keeps it current: the fixed bars grow with larger text or
 * wrap on narrow screens, and the content's padding, the sticky parts and the
 * scroll padding (so that focus is never hidden under a bar) follow their
 * real heights. The property goes when the element does (the stylesheet's
 * default applies again).
 */
export function usePublishedBlockSize(ref: RefObject<HTMLElement | null>, property: `--${string}`) {
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(property, `${node.getBoundingClientRect().height}px`);
    publish();
    if (typeof ResizeObserver === 'undefined') return () => root.style.removeProperty(property);
    const observer = new ResizeObserver(publish);
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [ref, property]);
}
