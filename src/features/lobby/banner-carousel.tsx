import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Banner } from '../../../contract/content.ts';
import { useT } from '../../i18n/use-t.ts';
import { fallBackToDefaultIcon } from './game-tile.tsx';
import styles from './lobby.module.css';

/** Spec sections 4 and 9: autoplay every 5000 ms, 1000 ms transition. */
export const bannerAutoplayMs = 5000;
export const bannerTransitionMs = 1000;

/** One banner: the first one is the page's LCP image, so it loads eagerly with high priority. */
export function BannerSlide({ banner, first, className = '' }: { banner: Banner; first: boolean; className?: string }) {
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
  const slideClass = `${className} ${styles.bannerSlide}`;
  return banner.linkUrl ? (
    <a
      className={slideClass}
      href={banner.linkUrl}
      onClick={(e) => {
        e.preventDefault();
        void navigate({ to: banner.linkUrl as '/m/home' });
      }}
    >
      {img}
    </a>
  ) : (
    <div className={slideClass}>{img}</div>
  );
}

/** The pagination dots: one button per banner, the current one marked. */
export function BannerDots({ banners, current, onPick }: { banners: Banner[]; current: number; onPick: (index: number) => void }) {
  const t = useT();
  return (
    <div className={styles.bannerDots}>
      {banners.map((banner, i) => (
        <button
          key={banner.bannerId}
          type="button"
          className={styles.bannerDot}
          aria-current={current === i}
          aria-label={t('lobby.banner.slide', { index: i + 1, count: banners.length })}
          onClick={() => onPick(i)}
        />
      ))}
    </div>
  );
}

const BannerSlider = lazy(() => import('./banner-slider.tsx'));

/** Why the slider is wanted: its first move is due (autoplay) or the player picked a slide. */
type Wake = { start: number; dueNow: boolean };

/**
 * The banner carousel (spec sections 2, 4 and 9): loops when there is more
 * than one banner, autoplays every 5000 ms with a 1000 ms transition, shows
 * pagination. It paints the first banner at once as a plain image; the slider
 * (keen-slider, its own chunk) is loaded when the first slide's 5000 ms are up
 * or when the player touches the carousel or picks a dot, so it is not on the
 * first screen's critical path (docs/first-load.md).
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const [wake, setWake] = useState<Wake | null>(null);
  const loop = banners.length > 1;
  useEffect(() => {
    if (!loop || wake) return;
    const timer = setTimeout(() => setWake({ start: 0, dueNow: true }), bannerAutoplayMs);
    return () => clearTimeout(timer);
  }, [loop, wake]);
  const touch = () => {
    if (loop && !wake) setWake({ start: current, dueNow: false });
  };
  const first = banners[0];
  const still = (
    <>
      <div className={styles.bannerTrack}>{first ? <BannerSlide banner={first} first /> : null}</div>
      {loop ? (
        <BannerDots
          banners={banners}
          current={current}
          onPick={(i) => {
            setCurrent(i);
            setWake({ start: i, dueNow: false });
          }}
        />
      ) : null}
    </>
  );
  return (
    <section
      className={styles.banner}
      aria-roledescription="carousel"
      aria-label={t('lobby.banner.label')}
      onPointerDown={touch}
      onTouchStart={touch}
    >
      {wake ? (
        <Suspense fallback={still}>
          <BannerSlider banners={banners} start={wake.start} dueNow={wake.dueNow} current={current} onChange={setCurrent} />
        </Suspense>
      ) : (
        still
      )}
    </section>
  );
}
