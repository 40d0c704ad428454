import 'keen-slider/keen-slider.min.css';
import { useKeenSlider } from 'keen-slider/react';
import { useSyncExternalStore } from 'react';
import type { PromotionCategory } from '../../../contract/promotions.ts';
import { useT } from '../../i18n/use-t.ts';
import styles from './promotions.module.css';

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
 * The promotion categories as a swiper (keen-slider), "all" first; a tap on
 * one filters the list (the promotions machine keeps the choice).
 */
export function CategorySwiper({
  categories,
  chosen,
  onChoose,
}: {
  categories: PromotionCategory[];
  chosen: number | null;
  onChoose: (categoryId: number | null) => void;
}) {
  const t = useT();
  // Right to left, "all" is at the right and the list runs leftwards (a change of direction updates the slider).
  const rtl = useSyncExternalStore(watchDirection, isRtl);
  const [sliderRef] = useKeenSlider<HTMLDivElement>({ slides: { perView: 3.5, spacing: 8 }, mode: 'free-snap', rtl }, []);
  const choices: Array<{ id: number | null; title: string; icon: string | null }> = [
    { id: null, title: t('promo.category.all'), icon: null },
    ...categories.map((c) => ({ id: c.id, title: c.title, icon: c.iconImageUrl || null })),
  ];
  return (
    <nav className={styles.categories} aria-label={t('promo.categories')}>
      <div ref={sliderRef} className="keen-slider">
        {choices.map((choice) => (
          <div key={choice.id ?? 'all'} className="keen-slider__slide">
            <button type="button" className={styles.category} aria-pressed={chosen === choice.id} onClick={() => onChoose(choice.id)}>
              {choice.icon ? <img className={styles.categoryIcon} src={choice.icon} alt="" /> : null}
              <span className={styles.categoryTitle}>{choice.title}</span>
            </button>
          </div>
        ))}
      </div>
    </nav>
  );
}
