/**
 * The banner carousel machine of a lobby screen, in the app's actor system.
 * The player's reduced-motion setting is read once, when the carousel starts.
 */
import type { ActorRefFrom } from 'xstate';
import { bannerCarouselMachine } from '../../machines/banner-carousel.machine.ts';
import { useSystemActor } from './actor-system.ts';
import { prefersReducedMotion } from './motion.ts';

export type BannerCarouselActor = ActorRefFrom<typeof bannerCarouselMachine>;

export function useBannerCarousel(count: number): BannerCarouselActor {
  return useSystemActor(bannerCarouselMachine, { systemId: 'bannerCarousel', input: { count, reducedMotion: prefersReducedMotion() } });
}
