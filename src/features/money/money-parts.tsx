import { useEffect, useRef } from 'react';

export { useSiteCurrency } from '../../app/site-currency.ts';

/** Calls `onVisible` whenever the page becomes visible again (back from another tab, app or page). */
export function usePageVisible(onVisible: () => void) {
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const listener = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    document.addEventListener('visibilitychange', listener);
    // Back from the payment page through the browser's back button (page cache).
    window.addEventListener('pageshow', listener);
    return () => {
      document.removeEventListener('visibilitychange', listener);
      window.removeEventListener('pageshow', listener);
    };
  }, []);
}
