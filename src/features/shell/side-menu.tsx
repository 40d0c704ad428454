import { Link } from '@tanstack/react-router';
import { CircleHelp, Flame, Gift, House, Languages, Settings } from 'lucide-react';
import { useAppSend, useLanguage } from '../../app/app-actor.tsx';
import { catalogLanguages, localeOf } from '../../i18n/catalogs.ts';
import { useT } from '../../i18n/use-t.ts';
import { Drawer } from '../../ui/dialog.tsx';
import styles from './side-menu.module.css';

const links = [
  { to: '/m/home', icon: House, labelId: 'title.home' },
  { to: '/m/hot-games', icon: Flame, labelId: 'title.hotGames' },
  { to: '/m/activity', icon: Gift, labelId: 'title.activity' },
  { to: '/m/help', icon: CircleHelp, labelId: 'title.help' },
  { to: '/m/set', icon: Settings, labelId: 'title.set' },
] as const;

/**
 * The left side menu of the home header: language list and the main links.
 * Vendor categories, favourites, reward center, VIP room, share and channel
 * links arrive with their features.
 */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const send = useAppSend();
  return (
    <Drawer open={open} title={t('shell.menu.title')} closeLabel={t('shell.menu.close')} onClose={onClose}>
      <nav aria-label={t('shell.menu.title')}>
        <ul className={styles.list}>
          {links.map(({ to, icon: Icon, labelId }) => (
            <li key={to}>
              <Link to={to} className={styles.item} onClick={onClose}>
                <Icon aria-hidden="true" focusable="false" />
                {t(labelId)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className={styles.section} aria-labelledby="side-menu-language">
        <h3 id="side-menu-language" className={styles.heading}>
          {t('shell.menu.language')}
        </h3>
        <ul className={styles.list}>
          {catalogLanguages.map((code) => (
            <li key={code}>
              <button
                type="button"
                className={styles.item}
                aria-pressed={language === code}
                lang={localeOf(code)}
                onClick={() => send({ type: 'language.change', language: code })}
              >
                <Languages aria-hidden="true" focusable="false" />
                {t(`language.${code}`)}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </Drawer>
  );
}
