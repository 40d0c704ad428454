import { Link, useNavigate } from '@tanstack/react-router';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { lazy, Suspense, use, useRef, useState } from 'react';
import { usePublishedBlockSize } from '../../ui/published-size.ts';
import { useRole } from '../../app/app-actor.tsx';
import { activeBottomTab, type BottomTab } from '../../app/layout-rules.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { useT } from '../../i18n/use-t.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import type { SettingsPromise } from '../../app/site-settings.ts';
import styles from './bottom-menu.module.css';

/** The trial account's registration offer: loaded when a trial account taps member center. */
const ConfirmDialog = lazy(() => import('../../ui/dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

const items = [
  { tab: 'member', to: '/m/member/home', icon: 'user-round', labelId: 'nav.memberCenter' },
  { tab: 'promotions', to: '/m/activity', icon: 'gift', labelId: 'nav.promotions' },
  { tab: 'home', to: '/m/home', icon: 'house', labelId: 'nav.home' },
  { tab: 'deposit', to: '/m/voucherCenter', icon: 'wallet', labelId: 'nav.deposit' },
] as const satisfies readonly { tab: BottomTab; to: string; icon: IconName; labelId: MessageId }[];

/**
 * The fixed bottom menu. Guests opening member center are sent to login by
 * the route guard; a trial account is offered registration instead.
 * The spec's invite-friends entry (with the referral program) is not in the
 * bar yet: the left menu and the member center lead there.
 */
export function BottomMenu({ path, settings }: { path: string; settings: SettingsPromise }) {
  const t = useT();
  const role = useRole();
  const navigate = useNavigate();
  const [offerRegister, setOfferRegister] = useState(false);
  const active = activeBottomTab(path);
  const list = useRef<HTMLUListElement>(null);
  usePublishedBlockSize(list, '--bottom-bar-height');

  return (
    <nav className={styles.bar} aria-label={t('shell.bottom.label')}>
      <ul ref={list} className={styles.list}>
        {items.map(({ tab, to, icon, labelId }) => (
          <li key={tab}>
            <Link
              to={to}
              search={tab === 'home' ? { category: 'HOT' } : undefined}
              className={styles.item}
              aria-current={active === tab ? 'page' : undefined}
              activeProps={{}}
              onClick={(event) => {
                if (tab === 'member' && role === 'trial') {
                  event.preventDefault();
                  setOfferRegister(true);
                }
              }}
            >
              <span className={styles.icon}>
                <Icon name={icon} aria-hidden="true" focusable="false" />
                {tab === 'deposit' ? (
                  <Suspense fallback={null}>
                    <DepositBadge settings={settings} />
                  </Suspense>
                ) : null}
              </span>
              {tab === 'deposit' ? (
                <Suspense fallback={t(labelId)}>
                  <DepositBadge settings={settings} label={t(labelId)} />
                </Suspense>
              ) : (
                t(labelId)
              )}
            </Link>
          </li>
        ))}
      </ul>
      {offerRegister ? (
        <Suspense fallback={null}>
          <TrialRegisterDialog
            onCancel={() => setOfferRegister(false)}
            onSubmit={() => {
              setOfferRegister(false);
              navigate({ to: '/m/register' });
            }}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}

/** The trial account's sign-up offer (its words are the identity part's, loaded with it). */
function TrialRegisterDialog({ onCancel, onSubmit }: { onCancel: () => void; onSubmit: () => void }) {
  useCatalogPart('identity');
  const t = useT();
  return (
    <ConfirmDialog
      open
      title={t('trial.register.title')}
      message={t('trial.register.body')}
      cancelLabel={t('dialog.cancel')}
      submitLabel={t('trial.register.submit')}
      onCancel={onCancel}
      onSubmit={onSubmit}
    />
  );
}

/**
 * The promotional bonus badge of the deposit entry (the merchant's setting,
 * e.g. ₱258), nothing without one: drawn on the icon, or, with `label`, the
 * entry's label, which a screen reader reads whole ("Deposit (bonus ₱258)").
 */
function DepositBadge({ settings, label }: { settings: SettingsPromise; label?: string }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const loaded = use(settings);
  const amount = loaded && loaded.depositBadge !== null ? formatMoney(loaded.depositBadge, loaded.currency, { compact: true }) : null;
  if (label !== undefined) {
    if (amount === null) return label;
    return (
      <>
        <span aria-hidden="true">{label}</span>
        <span className={styles.spoken}>{t('nav.deposit.withBonus', { amount })}</span>
      </>
    );
  }
  if (amount === null) return null;
  return (
    <span className={styles.badge} aria-hidden="true">
      {amount}
    </span>
  );
}
