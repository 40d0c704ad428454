import { useEffect } from 'react';

/**
 * Scrolls the page to the top once, when the screen is first shown (the spec's
 * "on load: scroll to top" of the home, registration and deposit screens).
 *
 * In the next animation frame, not in the effect: scrolling needs the page's
 * layout, and asking for it while the screen's first commit and its data are
 * still being worked in makes the browser lay the whole page out in the middle
 * of that task, and again after it (about 35 ms of the home's first load at
 * full CPU speed, docs/quality.md). In the frame, it uses the layout the
 * browser makes before that frame's paint anyway.
 */
export function useScrollToTopOnMount(): void {
  useEffect(() => {
    const frame = requestAnimationFrame(() => window.scrollTo(0, 0));
    return () => cancelAnimationFrame(frame);
  }, []);
}
