/** The banner carousel's model: inputs and events of its model-based test and of `npm run paths banner-carousel`. */
import { type BannerCarouselInput, bannerCarouselMachine } from '../../banner-carousel.machine.ts';
import type { MachineModel } from '../model.ts';

/** The first banner's time is up: the slider loads and the carousel moves. */
export const STILL_TIME_UP = 'xstate.after.autoplay.bannerCarousel.still';
/** The next banner's time is up while playing. */
export const NEXT = 'xstate.after.autoplay.bannerCarousel.moving.playing';

export const inputs: BannerCarouselInput[] = [
  { count: 3, reducedMotion: false },
  { count: 3, reducedMotion: true },
  { count: 2, reducedMotion: false },
];

export const bannerCarouselModel: MachineModel<typeof bannerCarouselMachine> = {
  machine: bannerCarouselMachine,
  aspects: [
    {
      name: 'autoplay, touch and picks',
      inputs,
      events: [
        { type: 'carousel.hold' },
        { type: 'carousel.release' },
        { type: 'slide.pick', index: 2 },
        { type: 'slide.changed', index: 1 },
        { type: STILL_TIME_UP },
        { type: NEXT },
      ],
    },
  ],
};
