import { assign, setup } from 'xstate';

/** The spec's touch distances (section 9), in CSS pixels. */
export const touchDistances = {
  /** A press stays while the finger is within the element grown by this much. */
  retentionOffset: 20,
  /** A tap only if the finger moved this much or less; more is a scroll. */
  tapSlop: 30,
  /** This much movement or more cancels a long press. */
  longPressSlop: 10,
  /** A swipe from the screen's left edge this far to the right goes back. */
  swipeBackDistance: 100,
  /** Where a swipe-back may start: this close to the left edge. */
  swipeBackEdge: 24,
} as const;

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type PointerKind = 'touch' | 'mouse' | 'pen' | '';

export interface TouchContext {
  origin: Point | null;
  /** The pressed element's box, null when the gesture started on nothing pressable (a swipe may still go back). */
  box: Box | null;
  pointerType: PointerKind;
  /** How far the finger got from where it went down (the largest distance so far). */
  moved: number;
  /** Whether the page has somewhere to go back to (a swipe from the edge goes there). */
  canSwipeBack: boolean;
  /** The gesture ended as no tap (a scroll, a release outside, a long press, a swipe): its click is swallowed. */
  swallowNext: boolean;
  /** The verdict on the last click, read by the listener that sent it. */
  verdict: 'allow' | 'swallow' | null;
  /** When the last touch ended (the events' clock, ms), null before any. */
  touchEndedAt: number | null;
  /** Where the popups are (the `popup` region's state, kept for the click rule). */
  popupPhase: 'closed' | 'guarding' | 'open' | 'shielding';
}

/**
 * The window after a touch in which mouse events are the browser's compatibility events for it, not a
 * mouse (ms). A window the events' own times are compared against, not a timer.
 */
export const mouseLockMs = 300;

export type TouchEvent =
  | { type: 'press.down'; x: number; y: number; pointerType: PointerKind; box: Box | null; canSwipeBack: boolean; at: number }
  | { type: 'press.move'; x: number; y: number }
  | { type: 'press.up'; pointerType: PointerKind; at: number }
  | { type: 'press.cancel'; pointerType: PointerKind; at: number }
  | { type: 'press.click'; pointerType: PointerKind; inPopup: boolean }
  | { type: 'popup.opened' }
  | { type: 'popup.closed' };

/** A touch from the left edge of a page that can go back, going right (more across than up or down). */
function isSwipeCandidate(context: Pick<TouchContext, 'origin' | 'canSwipeBack' | 'pointerType'>, point: Point): boolean {
  if (!context.origin || !context.canSwipeBack || context.pointerType !== 'touch' || context.origin.x > touchDistances.swipeBackEdge) return false;
  const dx = point.x - context.origin.x;
  return dx > 0 && Math.abs(point.y - context.origin.y) < dx / 2;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const inside = (box: Box, p: Point, margin: number) =>
  p.x >= box.left - margin && p.x <= box.right + margin && p.y >= box.top - margin && p.y <= box.bottom + margin;

/**
 * Touch handling (spec section 9, docs/touch.md): one actor for the whole
 * site, fed by one set of pointer listeners, for the tiles, rows and popups
 * that ask for it.
 *
 * - gesture: a press shows as pressed after `pressInDelay` (130 ms), so a
 *   scroll that starts on a tile never flashes it; it is a long press after
 *   `longPressDelay` (370 ms) unless the finger moved 10 px; it is a scroll
 *   (no click) once the finger moves more than 30 px or leaves the element
 *   grown by 20 px; a release keeps the pressed look for `pressOutDelay`
 *   (100 ms). From the left edge, 100 px to the right goes back.
 * - popup: a popup ignores touch clicks for its first `popupGuardDelay`
 *   (300 ms): the tap that opened it does not also press what appears under
 *   the finger.
 *   After a popup closes, touch clicks on the page are ignored for
 *   `penetrationWindow` (200 ms): the tap that closed it does not go through.
 * - The compatibility mouse events a touch leaves start no press for
 *   `mouseLockMs` (300 ms) after it (compared with the events' times).
 *
 * Mouse and keyboard clicks are never swallowed by the popup and shield
 * rules (they leave no ghost clicks).
 */
export const touchMachine = setup({
  types: {
    context: {} as TouchContext,
    events: {} as TouchEvent,
  },
  actions: {
    /** Goes one step back in history (src/app/touch.ts: through the app machine). */
    goBack: () => {},
    /** A touch's end starts the mouse lock (a mouse's end leaves it). */
    noteTouchEnd: assign({
      touchEndedAt: ({ context, event }) => ((event.type === 'press.up' || event.type === 'press.cancel') && event.pointerType === 'touch' ? event.at : context.touchEndedAt),
    }),
    startGesture: assign(({ event }) => {
      if (event.type !== 'press.down') return {};
      return {
        origin: { x: event.x, y: event.y },
        box: event.box,
        pointerType: event.pointerType,
        moved: 0,
        canSwipeBack: event.canSwipeBack,
        swallowNext: false,
      };
    }),
  },
  guards: {
    /** A mouse press within 300 ms of a touch's end: the touch's compatibility events. */
    isMouseLocked: ({ context, event }) =>
      event.type === 'press.down' && event.pointerType === 'mouse' && context.touchEndedAt !== null && event.at - context.touchEndedAt < mouseLockMs,
    /** A press on something pressable, or a touch from the left edge of a page that can go back. */
    isGesture: ({ event }) =>
      event.type === 'press.down' &&
      (event.box !== null || (event.pointerType === 'touch' && event.canSwipeBack && event.x <= touchDistances.swipeBackEdge)),
    /**
     * Too far for a tap, or out of the element grown by 20 px; from the edge with nothing pressed, only going
     * up or down; a swipe from the edge going right is no scroll (yet).
     */
    isScroll: ({ context, event }) => {
      if (event.type !== 'press.move' || !context.origin) return false;
      const point = { x: event.x, y: event.y };
      if (isSwipeCandidate(context, point)) return false;
      if (context.box === null) return Math.abs(point.y - context.origin.y) > touchDistances.tapSlop;
      return distance(context.origin, point) > touchDistances.tapSlop || !inside(context.box, point, touchDistances.retentionOffset);
    },
    /** Released no farther than 30 px from where it went down: a tap. */
    isTapDistance: ({ context }) => context.moved <= touchDistances.tapSlop,
    isSwipeBack: ({ context, event }) =>
      event.type === 'press.move' &&
      isSwipeCandidate(context, event) &&
      event.x - context.origin!.x >= touchDistances.swipeBackDistance,
    /** Still enough for a long press, on something pressable. */
    isStill: ({ context }) => context.moved < touchDistances.longPressSlop && context.box !== null,
    /** The last gesture was no tap (a scroll, a long press, a swipe): its click does nothing. */
    isAfterNoTap: ({ context }) => context.swallowNext,
    /** A touch click in a popup still new, or on the page just after a popup closed. */
    isGhostClick: ({ context, event }) =>
      event.type === 'press.click' &&
      event.pointerType === 'touch' &&
      (event.inPopup ? context.popupPhase === 'guarding' : context.popupPhase === 'shielding'),
  },
  delays: {
    pressInDelay: 130,
    longPressDelay: 370,
    pressOutDelay: 100,
    popupGuardDelay: 300,
    penetrationWindow: 200,
  },
}).createMachine({
  id: 'touch',
  type: 'parallel',
  context: { origin: null, box: null, pointerType: '', moved: 0, canSwipeBack: false, swallowNext: false, verdict: null, touchEndedAt: null, popupPhase: 'closed' },
  on: {
    'press.click': [
      {
        guard: 'isAfterNoTap',
        actions: assign({ verdict: 'swallow', swallowNext: false }),
      },
      { guard: 'isGhostClick', actions: assign({ verdict: 'swallow' }) },
      { actions: assign({ verdict: 'allow' }) },
    ],
  },
  states: {
    gesture: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'press.down': [
              // The mouse events a touch leaves behind: no press.
              { guard: 'isMouseLocked' },
              { guard: 'isGesture', target: 'down', actions: 'startGesture' },
            ],
            'press.up': { actions: 'noteTouchEnd' },
            'press.cancel': { actions: 'noteTouchEnd' },
          },
        },
        down: {
          initial: 'waiting',
          // By then the press shows in any case (130 ms < 370 ms).
          after: { longPressDelay: [{ guard: 'isStill', target: 'longPressed' }, { target: '.shown' }] },
          on: {
            'press.move': [
              { guard: 'isSwipeBack', target: 'swipedBack' },
              { guard: 'isScroll', target: 'scrolled' },
              { actions: assign({ moved: ({ context, event }) => Math.max(context.moved, distance(context.origin!, event)) }) },
            ],
            'press.up': [
              { guard: 'isTapDistance', target: 'released', actions: 'noteTouchEnd' },
              // Dragged from the edge, but not far enough to go back: no tap either.
              { target: 'idle', actions: ['noteTouchEnd', assign({ swallowNext: true })] },
            ],
            'press.cancel': { target: 'idle', actions: 'noteTouchEnd' },
          },
          states: {
            waiting: { after: { pressInDelay: 'shown' } },
            shown: { tags: 'pressed' },
          },
        },
        longPressed: {
          tags: 'pressed',
          on: {
            'press.up': { target: 'released', actions: ['noteTouchEnd', assign({ swallowNext: true })] },
            'press.cancel': { target: 'idle', actions: 'noteTouchEnd' },
          },
        },
        /** The finger went too far: a scroll, no click. */
        scrolled: {
          on: {
            'press.up': { target: 'idle', actions: ['noteTouchEnd', assign({ swallowNext: true })] },
            'press.cancel': { target: 'idle', actions: 'noteTouchEnd' },
          },
        },
        swipedBack: {
          entry: 'goBack',
          on: {
            'press.up': { target: 'idle', actions: ['noteTouchEnd', assign({ swallowNext: true })] },
            'press.cancel': { target: 'idle', actions: 'noteTouchEnd' },
          },
        },
        /** Released: the pressed look stays a moment, so a quick tap is seen. */
        released: {
          tags: 'pressed',
          after: { pressOutDelay: 'idle' },
          on: { 'press.down': { guard: 'isGesture', target: 'down', actions: 'startGesture' } },
        },
      },
    },
    /** Popups: ignoring touch clicks while new, then the page ignoring them just after one closed. */
    popup: {
      initial: 'closed',
      states: {
        closed: { entry: assign({ popupPhase: 'closed' }), on: { 'popup.opened': 'guarding' } },
        guarding: { entry: assign({ popupPhase: 'guarding' }), after: { popupGuardDelay: 'open' }, on: { 'popup.closed': 'shielding' } },
        open: { entry: assign({ popupPhase: 'open' }), on: { 'popup.closed': 'shielding', 'popup.opened': 'guarding' } },
        shielding: { entry: assign({ popupPhase: 'shielding' }), after: { penetrationWindow: 'closed' }, on: { 'popup.opened': 'guarding' } },
      },
    },
  },
});
