import { useNavigate } from '@tanstack/react-router';
import 'keen-slider/keen-slider.min.css';
import { type KeenSliderPlugin, useKeenSlider } from 'keen-slider/react';
import { useState } from 'react';
import type { Banner } from '../../api/content.ts';
import { useT } from '../../i18n/use-t.ts';
import { fallBackToDefaultIcon } from './game-tile.tsx';
import styles from './lobby.module.css';

/** Spec sections 4 and 9: autoplay every 5000 ms, 1000 ms transition. */
export const bannerAutoplayMs = 5000;
export const bannerTransitionMs = 1000;

/** Moves to the next slide every `ms`, paused while a finger or pointer is on the carousel. */
function autoplay(ms: number): KeenSliderPlugin {
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
      next();
    });
    slider.on('dragStarted', clear);
    slider.on('animationEnded', next);
    slider.on('updated', next);
    slider.on('destroyed', clear);
  };
}

/** One banner: the first one is the page's LCP image, so it loads eagerly with high priority. */
function Slide({ banner, first }: { banner: Banner; first: boolean }) {
  const navigate = useNavigate();
  const img = (
    <img
      className={styles.bannerImage}
      src={banner.url}
      alt={banner.title}
      width={750}
      height={300}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding={first ? 'sync' : 'async'}
      onError={fallBackToDefaultIcon}
    />
  );
  return banner.linkUrl ? (
    <a
      className={`keen-slider__slide ${styles.bannerSlide}`}
      href={banner.linkUrl}
      onClick={(e) => {
        e.preventDefault();
        void navigate({ to: banner.linkUrl as '/m/home' });
      }}
    >
      {img}
    </a>
  ) : (
    <div className={`keen-slider__slide ${styles.bannerSlide}`}>{img}</div>
  );
}

/** The m_home banner carousel (keen-slider): loops when there is more than one banner, with pagination dots. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const loop = banners.length > 1;
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>(
    {
      loop,
      drag: loop,
      defaultAnimation: { duration: bannerTransitionMs },
      slideChanged: (s) => setCurrent(s.track.details.rel),
    },
    loop ? [autoplay(bannerAutoplayMs)] : [],
  );
  return (
    <section className={styles.banner} aria-roledescription="carousel" aria-label={t('lobby.banner.label')}>
      <div ref={sliderRef} className="keen-slider" style={{ height: '100%' }}>
        {banners.map((banner, i) => (
          <Slide key={banner.bannerId} banner={banner} first={i === 0} />
        ))}
      </div>
      {loop ? (
        <div className={styles.bannerDots}>
          {banners.map((banner, i) => (
            <button
              key={banner.bannerId}
              type="button"
              className={styles.bannerDot}
              aria-current={current === i}
              aria-label={t('lobby.banner.slide', { index: i + 1, count: banners.length })}
              onClick={() => slider.current?.moveToIdx(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
