import { useNavigate } from '@tanstack/react-router';
import type { Banner } from '../../../contract/content.ts';
import { useT } from '../../i18n/use-t.ts';
import { fallBackToDefaultIcon } from './game-tile.tsx';
import styles from './lobby.module.css';

/**
 * One banner: the first one is the page's LCP image, so it loads eagerly with high priority. A link inside the site goes through the router.
 * A banner off screen (`away`) is inert: not focusable nor read (the dots pick it), so focus never lands on what cannot be seen.
 */
export function BannerSlide({ banner, first, className = '', away = false }: { banner: Banner; first: boolean; className?: string; away?: boolean }) {
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
  const link = banner.linkUrl;
  return link ? (
    <a
      className={slideClass}
      inert={away}
      href={link}
      onClick={(e) => {
        if (!link.startsWith('/')) return;
        e.preventDefault();
        void navigate({ href: link });
      }}
    >
      {img}
    </a>
  ) : (
    <div className={slideClass} inert={away}>
      {img}
    </div>
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
