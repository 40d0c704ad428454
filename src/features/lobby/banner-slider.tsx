import 'keen-slider/keen-slider.min.css';
import { type KeenSliderPlugin, useKeenSlider } from 'keen-slider/react';
import type { Banner } from '../../../contract/content.ts';
import { bannerAutoplayMs, bannerTransitionMs, BannerDots, BannerSlide } from './banner-carousel.tsx';
import styles from './lobby.module.css';

/** Moves to the next slide every `ms`, paused while a finger or pointer is on the carousel. */
function autoplay(ms: number, dueNow: boolean): KeenSliderPlugin {
  return (slider) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let held = false;
    const clear = () => clearTimeout(timer);
    const next = () => {
      clear();
      if (!held) timer = setTimeout(() => slider.next(), ms);
    };
    slider.on('created', () => {
      slider.container.addEventListener('pointerenter', () => {
        held = true;
        clear();
      });
      slider.container.addEventListener('pointerleave', () => {
        held = false;
        next();
      });
      // Loaded because the first slide's time was up: move on at once.
      if (dueNow) slider.next();
      else next();
    });
    slider.on('dragStarted', clear);
    slider.on('animationEnded', next);
    slider.on('updated', next);
    slider.on('destroyed', clear);
  };
}

/**
 * The moving carousel (keen-slider): loops, autoplays every 5000 ms with a
 * 1000 ms transition, and follows the pagination dots. Its own chunk, loaded
 * by BannerCarousel when the first slide's time is up or the player touches
 * the carousel.
 */
export default function BannerSlider({
  banners,
  start,
  dueNow,
  current,
  onChange,
}: {
  banners: Banner[];
  start: number;
  dueNow: boolean;
  current: number;
  onChange: (index: number) => void;
}) {
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>(
    {
      loop: true,
      initial: start,
      defaultAnimation: { duration: bannerTransitionMs },
      created: (s) => onChange(s.track.details.rel),
      slideChanged: (s) => onChange(s.track.details.rel),
    },
    [autoplay(bannerAutoplayMs, dueNow)],
  );
  return (
    <>
      <div ref={sliderRef} className={`keen-slider ${styles.bannerTrack}`}>
        {banners.map((banner, i) => (
          <BannerSlide key={banner.bannerId} banner={banner} first={i === 0} className="keen-slider__slide" />
        ))}
      </div>
      <BannerDots banners={banners} current={current} onPick={(i) => slider.current?.moveToIdx(i)} />
    </>
  );
}
