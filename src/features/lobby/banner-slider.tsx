import 'keen-slider/keen-slider.min.css';
import { useSelector } from '@xstate/react';
import { useKeenSlider } from 'keen-slider/react';
import { useEffect, useSyncExternalStore } from 'react';
import { bannerTransitionMs } from '../../../machines/banner-carousel.machine.ts';
import type { Banner } from '../../../contract/content.ts';
import type { BannerCarouselActor } from '../../app/banner-actors.ts';
import { BannerDots, BannerSlide } from './banner-parts.tsx';
import styles from './lobby.module.css';

/**
 * The page's direction, `<html dir>` (rtl for AR, FA and UR): watched, since it is set after the
 * new language's screens have rendered.
 */
function watchDirection(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['dir'] });
  return () => observer.disconnect();
}
const isRtl = () => document.documentElement.dir === 'rtl';

/**
 * The moving carousel (keen-slider): loops with a 1000 ms transition and shows
 * the banner the carousel machine says; a swipe tells the machine. Its own
 * chunk, loaded by BannerCarousel once the machine starts moving.
 */
export default function BannerSlider({ banners, carousel }: { banners: Banner[]; carousel: BannerCarouselActor }) {
  const index = useSelector(carousel, (s) => s.context.index);
  // Right to left, the next banner comes from the left (a change of direction updates the slider).
  const rtl = useSyncExternalStore(watchDirection, isRtl);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    loop: true,
    rtl,
    initial: index,
    defaultAnimation: { duration: bannerTransitionMs },
    slideChanged: (s) => {
      if (s.track.details.rel !== carousel.getSnapshot().context.index) carousel.send({ type: 'slide.changed', index: s.track.details.rel });
    },
  });
  useEffect(() => {
    const current = slider.current;
    if (current && current.track.details.rel !== index) current.moveToIdx(index);
  }, [slider, index]);
  return (
    <>
      <div ref={sliderRef} className={`keen-slider ${styles.bannerTrack}`}>
        {banners.map((banner, i) => (
          <BannerSlide key={banner.bannerId} banner={banner} first={i === 0} away={i !== index} className="keen-slider__slide" />
        ))}
      </div>
      <BannerDots banners={banners} current={index} onPick={(i) => carousel.send({ type: 'slide.pick', index: i })} />
    </>
  );
}
