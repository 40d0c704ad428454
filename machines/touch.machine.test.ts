import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { tile, touchModel } from './test/models/touch.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';
import { type TouchEvent, touchMachine } from './touch.machine.ts';

const pathSets = replayModelPaths('touch machine', touchModel, {
  delays: { pressInDelay: 130, longPressDelay: 370, pressOutDelay: 100, popupGuardDelay: 300, penetrationWindow: 200, mouseLock: 300 },
  invokes: {},
});

describe('touch machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(touchMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutCancel = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'press.cancel')) }));
    expect(coverageOf(touchMachine, withoutCancel).missingTransitions).toContain('touch.gesture.down --press.cancel--> touch.gesture.idle');
  });
});

function harness() {
  const goBack = vi.fn();
  const actor = createActor(touchMachine.provide({ actions: { goBack: () => goBack() } }));
  actor.start();
  const send = (event: TouchEvent) => actor.send(event);
  /** A finger (or the mouse) down on the tile, and up: at the clock's time, as the listener stamps them. */
  const down = (x = 160, y = 280, pointerType: 'touch' | 'mouse' = 'touch') =>
    actor.send({ type: 'press.down', x, y, pointerType, box: tile, canSwipeBack: false, at: Date.now() });
  const up = (pointerType: 'touch' | 'mouse' = 'touch') => actor.send({ type: 'press.up', pointerType, at: Date.now() });
  const pressed = () => actor.getSnapshot().hasTag('pressed');
  /** Sends a click and answers the verdict, as the site's click listener reads it. */
  const click = (pointerType: 'touch' | 'mouse' | '' = 'touch', inPopup = false) => {
    actor.send({ type: 'press.click', pointerType, inPopup });
    return actor.getSnapshot().context.verdict;
  };
  return { actor, send, down, up, pressed, click, goBack };
}

describe('touch machine, in time (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the press after 130 ms, keeps it 100 ms after the release, and lets the tap click', () => {
    const h = harness();
    h.down();
    vi.advanceTimersByTime(129);
    expect(h.pressed()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(h.pressed()).toBe(true);
    h.up();
    expect(h.click()).toBe('allow');
    vi.advanceTimersByTime(99);
    expect(h.pressed()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(h.pressed()).toBe(false);
  });

  it('a quick tap never flashes before its release, and still shows for 100 ms after it', () => {
    const h = harness();
    h.down();
    vi.advanceTimersByTime(60);
    expect(h.pressed()).toBe(false);
    h.up();
    expect(h.pressed()).toBe(true);
    expect(h.click()).toBe('allow');
  });

  it('is a long press at 370 ms when the finger moved under 10 px; its click does nothing', () => {
    const h = harness();
    h.down();
    h.send({ type: 'press.move', x: 169, y: 280 });
    vi.advanceTimersByTime(369);
    expect(h.actor.getSnapshot().matches({ gesture: 'longPressed' })).toBe(false);
    vi.advanceTimersByTime(1);
    expect(h.actor.getSnapshot().matches({ gesture: 'longPressed' })).toBe(true);
    h.up();
    expect(h.click()).toBe('swallow');
    // Only that one click.
    h.down();
    h.up();
    expect(h.click()).toBe('allow');
  });

  it('10 px of movement cancels the long press, and the tap still clicks', () => {
    const h = harness();
    h.down();
    h.send({ type: 'press.move', x: 170, y: 280 });
    vi.advanceTimersByTime(1_000);
    expect(h.actor.getSnapshot().matches({ gesture: 'down' })).toBe(true);
    expect(h.pressed()).toBe(true);
    h.up();
    expect(h.click()).toBe('allow');
  });

  it('more than 30 px is a scroll: no press, no click', () => {
    const h = harness();
    h.down();
    h.send({ type: 'press.move', x: 160, y: 310 });
    expect(h.actor.getSnapshot().matches({ gesture: 'down' })).toBe(true);
    h.send({ type: 'press.move', x: 160, y: 311 });
    expect(h.pressed()).toBe(false);
    h.up();
    expect(h.click()).toBe('swallow');
  });

  it('a finger that leaves the tile grown by 20 px releases the press without a click', () => {
    const h = harness();
    // Down near the tile's right edge (220): 20 px out is still in, 21 px out is out.
    h.down(215, 280);
    h.send({ type: 'press.move', x: 240, y: 280 });
    expect(h.actor.getSnapshot().matches({ gesture: 'down' })).toBe(true);
    h.send({ type: 'press.move', x: 241, y: 280 });
    expect(h.actor.getSnapshot().matches({ gesture: 'scrolled' })).toBe(true);
    h.up();
    expect(h.click()).toBe('swallow');
  });

  it('a swipe of 100 px from the left edge goes back once, where the page can go back', () => {
    const h = harness();
    h.send({ type: 'press.down', x: 10, y: 400, pointerType: 'touch', box: null, canSwipeBack: true, at: Date.now() });
    h.send({ type: 'press.move', x: 109, y: 405 });
    expect(h.goBack).not.toHaveBeenCalled();
    h.send({ type: 'press.move', x: 110, y: 405 });
    expect(h.goBack).toHaveBeenCalledTimes(1);
    h.up();
    const other = harness();
    other.send({ type: 'press.down', x: 10, y: 400, pointerType: 'touch', box: null, canSwipeBack: false, at: Date.now() });
    other.send({ type: 'press.move', x: 200, y: 400 });
    // From farther in, or mostly downwards, it is no swipe-back either.
    other.send({ type: 'press.down', x: 60, y: 400, pointerType: 'touch', box: null, canSwipeBack: true, at: Date.now() });
    other.send({ type: 'press.move', x: 200, y: 400 });
    expect(other.goBack).not.toHaveBeenCalled();
  });

  it('a drag from the edge that stops short of 100 px neither goes back nor taps what it started on', () => {
    const h = harness();
    h.send({ type: 'press.down', x: 10, y: 300, pointerType: 'touch', box: { left: 0, top: 200, right: 120, bottom: 360 }, canSwipeBack: true, at: Date.now() });
    h.send({ type: 'press.move', x: 70, y: 305 });
    h.up();
    expect(h.goBack).not.toHaveBeenCalled();
    expect(h.click()).toBe('swallow');
  });

  it('a popup ignores touch clicks for its first 300 ms, never a mouse or keyboard click', () => {
    const h = harness();
    h.send({ type: 'popup.opened' });
    vi.advanceTimersByTime(299);
    expect(h.click('touch', true)).toBe('swallow');
    expect(h.click('mouse', true)).toBe('allow');
    expect(h.click('', true)).toBe('allow');
    vi.advanceTimersByTime(1);
    expect(h.click('touch', true)).toBe('allow');
  });

  it('the 200 ms after a popup closed, a touch click on the page does nothing', () => {
    const h = harness();
    h.send({ type: 'popup.opened' });
    vi.advanceTimersByTime(500);
    h.send({ type: 'popup.closed' });
    vi.advanceTimersByTime(199);
    expect(h.click('touch', false)).toBe('swallow');
    expect(h.click('', false)).toBe('allow');
    vi.advanceTimersByTime(1);
    expect(h.click('touch', false)).toBe('allow');
  });

  it('the mouse events of the 300 ms after a touch start no press', () => {
    const h = harness();
    h.down();
    h.up();
    vi.advanceTimersByTime(100);
    h.down(160, 280, 'mouse');
    expect(h.actor.getSnapshot().matches({ gesture: 'idle' })).toBe(true);
    vi.advanceTimersByTime(200);
    h.down(160, 280, 'mouse');
    expect(h.actor.getSnapshot().matches({ gesture: 'down' })).toBe(true);
  });
});
