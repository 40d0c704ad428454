/**
 * Touch handling on the site (machines/touch.machine.ts, docs/touch.md): the
 * one touch actor, in the app's actor system as `touch`, fed by one set of
 * pointer listeners on the document. Pressable elements say so with
 * `data-press` (game tiles, menu and settings rows). Popups (sheets,
 * dialogs, drawers) are the modal panels the site portals into the body:
 * seen coming and going by an observer of the body's children. The actor's verdict on each click
 * is applied here, in the capture phase, before any handler sees it; the
 * pressed element carries `data-pressed` while the actor says so.
 *
 * Started by the first screen with something pressable (`useTouchHandling`,
 * src/app/touch-start.ts), loaded after that screen shows, so none of this is
 * in the site's first load; it then runs for the page's life.
 */
import { type AnyActorRef, createActor } from 'xstate';
import { type PointerKind, touchMachine } from '../../machines/touch.machine.ts';
import { navbarMode } from './layout-rules.ts';
import { goTo } from './navigation.ts';

const isModal = (node: Element) => node.matches('[aria-modal="true"]') || node.querySelector('[aria-modal="true"]') !== null;

const kindOf = (type: string | undefined): PointerKind => (type === 'touch' || type === 'mouse' || type === 'pen' ? type : '');

export function startTouchHandling(app: AnyActorRef) {
  const actor = createActor(
    touchMachine.provide({
      // A swipe from the edge does what the back arrow does: one step back, else home.
      actions: { goBack: (args) => goTo(args, { back: true, to: '/m/home' }) },
    }),
    { parent: app, systemId: 'touch' },
  );
  actor.start();

  let pressed: HTMLElement | null = null;
  /** The body's children that make up the popups open now. */
  let popups: Element[] = [];
  actor.subscribe((snapshot) => {
    const on = snapshot.hasTag('pressed');
    pressed?.toggleAttribute('data-pressed', on);
    if (!on && snapshot.matches({ gesture: 'idle' })) pressed = null;
  });

  const options = { capture: true, passive: true } as const;
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!event.isPrimary) return;
      pressed?.removeAttribute('data-pressed');
      pressed = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-press]') : null;
      const box = pressed?.getBoundingClientRect();
      actor.send({
        type: 'press.down',
        x: event.clientX,
        y: event.clientY,
        pointerType: kindOf(event.pointerType),
        box: box ? { left: box.left, top: box.top, right: box.right, bottom: box.bottom } : null,
        canSwipeBack: navbarMode(location.pathname) === 'back',
        at: event.timeStamp,
      });
    },
    options,
  );
  // A mouse or a pen: its pointer events. A finger: its touch events, which go on while the browser
  // scrolls (its pointer events stop there with a pointercancel), so a drag is seen to its end.
  const notTouch = (event: PointerEvent) => event.isPrimary && event.pointerType !== 'touch';
  const running = () => !actor.getSnapshot().matches({ gesture: 'idle' });
  document.addEventListener('pointermove', (event) => notTouch(event) && running() && actor.send({ type: 'press.move', x: event.clientX, y: event.clientY }), options);
  document.addEventListener('pointerup', (event) => notTouch(event) && actor.send({ type: 'press.up', pointerType: kindOf(event.pointerType), at: event.timeStamp }), options);
  document.addEventListener('pointercancel', (event) => notTouch(event) && actor.send({ type: 'press.cancel', pointerType: kindOf(event.pointerType), at: event.timeStamp }), options);
  document.addEventListener(
    'touchmove',
    (event) => {
      const finger = event.touches[0];
      if (finger && running()) actor.send({ type: 'press.move', x: finger.clientX, y: finger.clientY });
    },
    options,
  );
  document.addEventListener('touchend', (event) => event.touches.length === 0 && actor.send({ type: 'press.up', pointerType: 'touch', at: event.timeStamp }), options);
  document.addEventListener('touchcancel', (event) => actor.send({ type: 'press.cancel', pointerType: 'touch', at: event.timeStamp }), options);
  document.addEventListener(
    'click',
    (event) => {
      const inPopup = event.target instanceof Node && popups.some((root) => root.contains(event.target as Node));
      // A keyboard's click is no PointerEvent (or has no pointer type): never swallowed by the popup rules.
      actor.send({ type: 'press.click', pointerType: kindOf((event as PointerEvent).pointerType), inPopup });
      if (actor.getSnapshot().context.verdict === 'swallow') {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    },
    { capture: true },
  );
  // A popup is portalled into the body: a child of the body holding a modal panel, with what came with
  // it (a drawer's scrim is the panel's sibling).
  new MutationObserver((records) => {
    for (const record of records) {
      const added = [...record.addedNodes].filter((n): n is Element => n instanceof Element);
      if (added.some(isModal)) {
        popups.push(...added);
        actor.send({ type: 'popup.opened' });
      }
      const removed = [...record.removedNodes].filter((n) => popups.includes(n as Element));
      if (removed.length > 0) {
        popups = popups.filter((root) => !removed.includes(root));
        if (!popups.some(isModal)) actor.send({ type: 'popup.closed' });
      }
    }
  }).observe(document.body, { childList: true });
}
