import { Link } from '@tanstack/react-router';
import { ChevronRight, Gift } from 'lucide-react';
import { useRole, useSession } from '../../app/app-actor.tsx';
import { useT } from '../../i18n/use-t.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import styles from './home-screen.module.css';

function Welcome() {
  const t = useT();
  const role = useRole();
  const session = useSession();
  if (role === 'guest' || !session) {
    return (
      <section className={styles.welcome} aria-labelledby="home-welcome">
        <h2 id="home-welcome" className={styles.welcomeTitle}>
          {t('home.welcome.guestTitle', { name: t('app.name') })}
        </h2>
        <p className={styles.muted}>{t('home.welcome.guestBody')}</p>
        <div className={styles.actions}>
          <Link to="/m/login" className={buttonClassName({ variant: 'secondary', block: true })}>
            {t('header.login')}
          </Link>
          <Link to="/m/register" className={buttonClassName({ variant: 'primary', block: true })}>
            {t('header.register')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.welcome} aria-labelledby="home-welcome">
      <h2 id="home-welcome" className={styles.welcomeTitle}>
        {t('home.welcome.memberTitle', { userName: session.userName })}
      </h2>
      <p className={styles.muted}>{t(role === 'trial' ? 'home.welcome.trialBody' : 'home.welcome.memberBody')}</p>
    </section>
  );
}

/** Home: welcome block, a promotions entry and the place of the game lobby (games come later). */
export function HomeScreen() {
  const t = useT();
  return (
    <div className={styles.screen}>
      <Welcome />
      <Link to="/m/activity" className={styles.promo}>
        <Gift aria-hidden="true" focusable="false" />
        <span className={styles.promoText}>
          <span className={styles.promoTitle}>{t('home.promotions.title')}</span>
          <span className={styles.muted}>{t('home.promotions.body')}</span>
        </span>
        <ChevronRight aria-hidden="true" focusable="false" />
      </Link>
      <section className={styles.section} aria-labelledby="home-games">
        <h2 id="home-games" className={styles.sectionTitle}>
          {t('home.games.title')}
        </h2>
        <p className={styles.muted}>{t('home.games.soon')}</p>
        <div className={styles.tiles} aria-hidden="true">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <Skeleton key={key} className={styles.tile} />
          ))}
        </div>
      </section>
    </div>
  );
}
