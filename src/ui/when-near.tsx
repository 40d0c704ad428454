import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once their place comes within a screen's height of
 * the screen; until then an empty placeholder (`placeholderClassName` gives
 * it about the height of what comes). Long pages (the home) build what is far
 * below, and load its code, only when the player scrolls towards it, so the
 * first screen is not held up by work nobody sees yet. Without
 * IntersectionObserver it renders at once.
 */
export function WhenNear({ children, placeholderClassName }: { children: ReactNode; placeholderClassName?: string }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = place.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={place} className={placeholderClassName} aria-hidden="true" data-when-near="" />;
}
