import { assign, setup } from 'xstate';

/** Spec sections 4 and 9: autoplay every 5000 ms, 1000 ms transition. */
export const bannerAutoplayMs = 5000;
export const bannerTransitionMs = 1000;

export interface BannerCarouselInput {
  /** How many banners there are. */
  count: number;
  /** The player asked for reduced motion: no autoplay (WCAG 2.2.2). */
  reducedMotion: boolean;
}

export interface BannerCarouselContext {
  count: number;
  reducedMotion: boolean;
  /** The banner shown. */
  index: number;
}

export type BannerCarouselEvent =
  /** A finger or pointer came onto the carousel (it holds still) or left it. */
  | { type: 'carousel.hold' }
  | { type: 'carousel.release' }
  /** A pagination dot was tapped. */
  | { type: 'slide.pick'; index: number }
  /** The slider shows another banner (the player swiped it). */
  | { type: 'slide.changed'; index: number };

/**
 * The banner carousel (spec sections 2, 4 and 9) of two banners or more
 * (one banner stands still, without a carousel): they loop, autoplaying every `autoplay` (5000 ms) unless the player
 * prefers reduced motion. It starts `still` (the first banner painted as a
 * plain image, the slider not loaded yet: docs/first-load.md) and becomes
 * `moving` (the slider loaded) when the first slide's time is up, or when the
 * player touches the carousel or picks a dot. While a finger or pointer is on
 * it, it holds still.
 */
export const bannerCarouselMachine = setup({
  types: {
    context: {} as BannerCarouselContext,
    events: {} as BannerCarouselEvent,
    input: {} as BannerCarouselInput,
  },
  guards: {
    autoplays: ({ context }) => !context.reducedMotion,
  },
  actions: {
    showNext: assign({ index: ({ context }) => (context.index + 1) % context.count }),
    show: assign({ index: (_, params: { index: number }) => params.index }),
  },
  delays: {
    autoplay: bannerAutoplayMs,
  },
}).createMachine({
  id: 'bannerCarousel',
  context: ({ input }) => ({ count: input.count, reducedMotion: input.reducedMotion, index: 0 }),
  initial: 'still',
  states: {
    still: {
      after: { autoplay: { guard: 'autoplays', target: 'moving', actions: 'showNext' } },
      on: {
        'carousel.hold': { target: 'moving.held' },
        'slide.pick': { target: 'moving', actions: { type: 'show', params: ({ event }) => ({ index: event.index }) } },
      },
    },
    moving: {
      initial: 'deciding',
      on: {
        'slide.pick': { target: '.deciding', actions: { type: 'show', params: ({ event }) => ({ index: event.index }) } },
        'slide.changed': { target: '.deciding', actions: { type: 'show', params: ({ event }) => ({ index: event.index }) } },
      },
      states: {
        deciding: {
          always: [{ guard: 'autoplays', target: 'playing' }, { target: 'manual' }],
        },
        playing: {
          after: { autoplay: { target: 'playing', reenter: true, actions: 'showNext' } },
          on: { 'carousel.hold': { target: 'held' } },
        },
        /** Reduced motion: the banners move only when the player moves them. */
        manual: {},
        held: {
          on: { 'carousel.release': { target: 'deciding' } },
        },
      },
    },
  },
});
