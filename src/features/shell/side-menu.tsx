import { Link, useRouteContext } from '@tanstack/react-router';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { type ReactNode, Suspense, use, useEffect, useState } from 'react';
import type { MenuCategory } from '../../app/lobby-actors.ts';
import { useLanguageChoice, useRole } from '../../app/app-actor.tsx';
import type { SettingsPromise } from '../../app/site-settings.ts';
import type { Switches } from '../../../contract/system.ts';
import type { Role } from '../../../machines/session.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { useT } from '../../i18n/use-t.ts';
import { Drawer } from '../../ui/dialog.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { LanguageChoices } from '../../ui/language-choices.tsx';
import { useChatLaunch } from '../../app/chat-entry.ts';
import styles from './side-menu.module.css';

interface MenuLink {
  to: '/m/home' | '/m/hot-games' | '/m/activity' | '/m/help' | '/m/set' | '/m/mall/mallHome' | '/m/member/benefits' | '/m/inviteFriends' | '/m/login';
  icon: IconName;
  labelId: MessageId;
}

const mainLinks: MenuLink[] = [
  { to: '/m/home', icon: 'house', labelId: 'title.home' },
  { to: '/m/hot-games', icon: 'flame', labelId: 'title.hotGames' },
];

/**
 * The reward center with the points switch, the VIP room with the VIP flag
 * (spec sections 2 and 6), promotions, and share: invite friends for a
 * member with the referral program (REFERRAL3), the login for a guest,
 * nothing for an agent (agents do not see share or invite).
 */
function moreLinks(switches: Partial<Switches>, role: Role): MenuLink[] {
  return [
    ...(switches.POINTSMALL3 ? [{ to: '/m/mall/mallHome', icon: 'shopping-bag', labelId: 'title.mallMallHome' } as const] : []),
    ...(switches.VIPROOM3 ? [{ to: '/m/member/benefits', icon: 'crown', labelId: 'title.memberBenefits' } as const] : []),
    { to: '/m/activity', icon: 'gift', labelId: 'title.activity' },
    ...(role === 'guest' ? [{ to: '/m/login', icon: 'share-2', labelId: 'title.inviteFriends' } as const] : role !== 'agent' && switches.REFERRAL3 ? [{ to: '/m/inviteFriends', icon: 'share-2', labelId: 'title.inviteFriends' } as const] : []),
    { to: '/m/help', icon: 'circle-question-mark', labelId: 'title.help' },
    { to: '/m/set', icon: 'settings', labelId: 'title.set' },
  ];
}

/** The links by the merchant's switches, once its settings are in (the root route asked for them). */
function MoreLinks({ settings, role, item }: { settings: SettingsPromise; role: Role; item: (link: MenuLink) => ReactNode }) {
  return moreLinks(use(settings)?.switches ?? {}, role).map(item);
}

/** The vendor categories (spec order, INHOUSE after RNG), loaded with the lobby code the first time the menu opens. */
const loadCategories = () => import('../../app/lobby-actors.ts').then((m) => m.loadMenuCategories());

function CategoryLinks({ categories, onClose }: { categories: Promise<MenuCategory[]>; onClose: () => void }) {
  const t = useT();
  const list = use(categories);
  return (
    <ul className={styles.list}>
      {list.map(({ category, link }) => (
        <li key={category}>
          <Link {...link} className={styles.item} onClick={onClose}>
            <Icon name="layout-grid" aria-hidden="true" focusable="false" />
            {t(`lobby.category.${category}` as MessageId)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CategorySkeletons() {
  return (
    <div className={styles.list} aria-hidden="true">
      <Skeleton className={styles.item} />
      <Skeleton className={styles.item} />
      <Skeleton className={styles.item} />
    </div>
  );
}

/**
 * The left side menu of the home header (spec section 2): home, hot,
 * favourites (members), the vendor categories (from the vendor types call's
 * `display`, fetched only when the menu first opens, so none of it is in the
 * first load), promotions, help, settings, the live customer service (the
 * live chat, for guests too), and the language list (every catalog the site
 * has), with the reward center, VIP room and share by the merchant's
 * switches and the role (`moreLinks`). Channel links arrive with their
 * feature.
 */
export default function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const languageChoice = useLanguageChoice();
  const role = useRole();
  const launchChat = useChatLaunch();
  const settings = useRouteContext({ from: '__root__' }).settings();
  const [categories, setCategories] = useState<Promise<MenuCategory[]> | null>(null);
  useEffect(() => {
    if (open && !categories) setCategories(loadCategories());
  }, [open, categories]);
  const item = ({ to, icon, labelId }: MenuLink) => (
    <li key={labelId}>
      <Link to={to} className={styles.item} onClick={onClose}>
        <Icon name={icon} aria-hidden="true" focusable="false" />
        {t(labelId)}
      </Link>
    </li>
  );
  return (
    <Drawer open={open} title={t('shell.menu.title')} closeLabel={t('shell.menu.close')} onClose={onClose}>
      <nav aria-label={t('shell.menu.title')}>
        <ul className={styles.list}>
          {mainLinks.map(item)}
          {role !== 'guest' ? (
            <li>
              <Link to="/m/gameList" search={{ type: 'fav' }} className={styles.item} onClick={onClose}>
                <Icon name="star" aria-hidden="true" focusable="false" />
                {t('shell.menu.favourites')}
              </Link>
            </li>
          ) : null}
        </ul>
        <section className={styles.section} aria-labelledby="side-menu-categories">
          <h3 id="side-menu-categories" className={styles.heading}>
            {t('shell.menu.categories')}
          </h3>
          {categories ? (
            <Suspense fallback={<CategorySkeletons />}>
              <CategoryLinks categories={categories} onClose={onClose} />
            </Suspense>
          ) : (
            <CategorySkeletons />
          )}
        </section>
        <ul className={`${styles.list} ${styles.section}`}>
          <Suspense fallback={moreLinks({}, role).map(item)}>
            <MoreLinks settings={settings} role={role} item={item} />
          </Suspense>
          <li>
            <button
              type="button"
              className={styles.item}
              onClick={() => {
                onClose();
                launchChat();
              }}
            >
              <Icon name="messages-square" aria-hidden="true" focusable="false" />
              {t('title.chat')}
            </button>
          </li>
        </ul>
      </nav>
      <section className={styles.section} aria-labelledby="side-menu-language">
        <h3 id="side-menu-language" className={styles.heading}>
          {t('shell.menu.language')}
        </h3>
        <LanguageChoices {...languageChoice} listClassName={styles.list} itemClassName={styles.item} />
      </section>
    </Drawer>
  );
}
