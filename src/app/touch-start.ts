/**
 * Starts the site's touch handling (src/app/touch.ts) on the first pointer press anywhere, once a
 * screen with something pressable has asked for it: the machine and its listeners load in their own
 * chunk only when someone touches the page (a first visit that only looks loads none of it). That
 * first press itself is not handled; every later one is.
 */
import { useEffect } from 'react';
import { AppActorContext } from './app-actor.tsx';

let asked = false;

export function useTouchHandling() {
  const app = AppActorContext.useActorRef();
  useEffect(() => {
    if (asked) return;
    asked = true;
    const first = () => {
      document.removeEventListener('pointerdown', first, true);
      void import('./touch.ts').then(({ startTouchHandling }) => startTouchHandling(app));
    };
    document.addEventListener('pointerdown', first, { capture: true, passive: true });
  }, [app]);
}
