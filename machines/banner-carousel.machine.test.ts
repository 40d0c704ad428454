import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { bannerAutoplayMs, bannerCarouselMachine } from './banner-carousel.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { modelPathSets } from './test/model.ts';
import { bannerCarouselModel, inputs, NEXT, STILL_TIME_UP } from './test/models/banner-carousel.model.ts';
import { flush } from './test/fakes.ts';

const pathSets = modelPathSets(bannerCarouselModel);

describe('bannerCarousel machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(bannerCarouselMachine, pathSets);
    expect(coverage.states).toEqual([
      'bannerCarousel.still',
      'bannerCarousel.moving',
      'bannerCarousel.moving.deciding',
      'bannerCarousel.moving.playing',
      'bannerCarousel.moving.manual',
      'bannerCarousel.moving.held',
    ]);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutRelease = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'carousel.release')),
    }));
    expect(coverageOf(bannerCarouselMachine, withoutRelease).missingTransitions).toEqual([
      'bannerCarousel.moving.held --carousel.release--> bannerCarousel.moving.deciding',
    ]);
  });
});

/** What the player sees: which banner, whether the slider is loaded, whether it moves by itself. */
function carousel(actor: ReturnType<typeof createActor<typeof bannerCarouselMachine>>) {
  const s = actor.getSnapshot();
  return {
    index: s.context.index,
    slider: s.matches('moving'),
    autoplay: s.matches({ moving: 'playing' }) || (s.matches('still') && !s.context.reducedMotion),
  };
}

describe.each(inputs)('bannerCarousel machine replayed with $count banners, reduced motion $reducedMotion', (input) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(pathSets.find((s) => s.input === input)!.paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const actor = createActor(bannerCarouselMachine, { input });
    actor.start();
    // The player's model.
    let index = 0;
    let slider = false;
    let held = false;
    const moves = () => !input.reducedMotion && !held;
    for (const step of path.steps.slice(1)) {
      const event = step.event;
      switch (event.type) {
        case STILL_TIME_UP:
        case NEXT:
          // The time of a slide is up: the next one (the slider loads for it), unless the player asked for reduced motion.
          await vi.advanceTimersByTimeAsync(bannerAutoplayMs);
          if (!input.reducedMotion) {
            index = (index + 1) % input.count;
            slider = true;
          }
          break;
        case 'carousel.hold':
          actor.send(event as never);
          slider = true;
          held = true;
          break;
        case 'carousel.release':
          actor.send(event as never);
          if (slider) held = false;
          break;
        case 'slide.pick':
        case 'slide.changed':
          actor.send(event as never);
          if (slider || event.type === 'slide.pick') {
            index = event.index;
            slider = true;
            held = false;
          }
          break;
        default:
          throw new Error(`no executor for ${event.type}`);
      }
      await flush();
      expect(actor.getSnapshot().value).toEqual(step.state.value);
      expect(carousel(actor)).toEqual({ index, slider, autoplay: slider ? moves() : !input.reducedMotion });
    }
    actor.stop();
  });
});

describe('bannerCarousel machine: timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves on every 5000 ms, holds still under a finger, and never moves by itself with reduced motion', async () => {
    const actor = createActor(bannerCarouselMachine, { input: { count: 3, reducedMotion: false } });
    actor.start();
    await vi.advanceTimersByTimeAsync(bannerAutoplayMs - 1);
    expect(carousel(actor)).toEqual({ index: 0, slider: false, autoplay: true });
    await vi.advanceTimersByTimeAsync(1);
    expect(carousel(actor)).toEqual({ index: 1, slider: true, autoplay: true });
    actor.send({ type: 'carousel.hold' });
    await vi.advanceTimersByTimeAsync(3 * bannerAutoplayMs);
    expect(carousel(actor).index).toBe(1);
    actor.send({ type: 'carousel.release' });
    await vi.advanceTimersByTimeAsync(bannerAutoplayMs);
    expect(carousel(actor).index).toBe(2);
    await vi.advanceTimersByTimeAsync(bannerAutoplayMs);
    expect(carousel(actor).index).toBe(0);

    const calm = createActor(bannerCarouselMachine, { input: { count: 3, reducedMotion: true } });
    calm.start();
    await vi.advanceTimersByTimeAsync(10 * bannerAutoplayMs);
    expect(carousel(calm)).toEqual({ index: 0, slider: false, autoplay: false });
    calm.send({ type: 'slide.pick', index: 2 });
    await vi.advanceTimersByTimeAsync(10 * bannerAutoplayMs);
    expect(carousel(calm)).toEqual({ index: 2, slider: true, autoplay: false });
  });
});
