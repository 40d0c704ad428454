import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { Banner } from '../../../contract/content.ts';
import { useBannerCarousel } from '../../app/banner-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { BannerDots, BannerSlide } from './banner-parts.tsx';
import styles from './lobby.module.css';

const BannerSlider = lazy(() => import('./banner-slider.tsx'));

/**
 * The banner carousel (spec sections 2, 4 and 9), run by the banner carousel
 * machine: it paints the first banner at once as a plain image; the slider
 * (keen-slider, its own chunk) is loaded when the machine starts moving (the
 * first slide's 5000 ms are up, or the player touches the carousel or picks a
 * dot), so it is not on the first screen's critical path (docs/first-load.md).
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const t = useT();
  const first = banners[0];
  // One banner stands still: no carousel.
  if (banners.length < 2 || !first) {
    return (
      <section className={styles.banner} aria-label={t('lobby.banner.label')}>
        <div className={styles.bannerTrack}>{first ? <BannerSlide banner={first} first /> : null}</div>
      </section>
    );
  }
  return <MovingCarousel banners={banners} first={first} />;
}

function MovingCarousel({ banners, first }: { banners: Banner[]; first: Banner }) {
  const t = useT();
  const carousel = useBannerCarousel(banners.length);
  const index = useSelector(carousel, (s) => s.context.index);
  const moving = useSelector(carousel, (s) => s.matches('moving'));
  const pick = (i: number) => carousel.send({ type: 'slide.pick', index: i });
  const still = (
    <>
      <div className={styles.bannerTrack}>
        <BannerSlide banner={first} first />
      </div>
      <BannerDots banners={banners} current={index} onPick={pick} />
    </>
  );
  return (
    <section
      className={styles.banner}
      aria-roledescription="carousel"
      aria-label={t('lobby.banner.label')}
      onPointerEnter={() => carousel.send({ type: 'carousel.hold' })}
      onPointerDown={() => carousel.send({ type: 'carousel.hold' })}
      onPointerLeave={() => carousel.send({ type: 'carousel.release' })}
      // Keyboard focus inside holds it still too (WCAG 2.2.2), until focus leaves the carousel.
      onFocus={() => carousel.send({ type: 'carousel.hold' })}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) carousel.send({ type: 'carousel.release' });
      }}
    >
      {moving ? (
        <Suspense fallback={still}>
          <BannerSlider banners={banners} carousel={carousel} />
        </Suspense>
      ) : (
        still
      )}
    </section>
  );
}
