import { Link, useNavigate } from '@tanstack/react-router';
import { Gift, House, type LucideIcon, UserRound, Wallet } from 'lucide-react';
import { Suspense, use, useState } from 'react';
import { useRole } from '../../app/app-actor.tsx';
import { activeBottomTab, type BottomTab } from '../../app/layout-rules.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import type { SettingsPromise } from './app-shell.tsx';
import styles from './bottom-menu.module.css';

const items = [
  { tab: 'member', to: '/m/member/home', icon: UserRound, labelId: 'nav.memberCenter' },
  { tab: 'promotions', to: '/m/activity', icon: Gift, labelId: 'nav.promotions' },
  { tab: 'home', to: '/m/home', icon: House, labelId: 'nav.home' },
  { tab: 'deposit', to: '/m/voucherCenter', icon: Wallet, labelId: 'nav.deposit' },
] as const satisfies readonly { tab: BottomTab; to: string; icon: LucideIcon; labelId: MessageId }[];

/**
 * The fixed bottom menu. Guests opening member center are sent to login by
 * the route guard; a trial account is offered registration instead.
 * (The invite-friends entry arrives with the referral feature.)
 */
export function BottomMenu({ path, settings }: { path: string; settings: SettingsPromise }) {
  const t = useT();
  const role = useRole();
  const navigate = useNavigate();
  const [offerRegister, setOfferRegister] = useState(false);
  const active = activeBottomTab(path);

  return (
    <nav className={styles.bar} aria-label={t('shell.bottom.label')}>
      <ul className={styles.list}>
        {items.map(({ tab, to, icon: Icon, labelId }) => (
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
                <Icon aria-hidden="true" focusable="false" />
                {tab === 'deposit' ? (
                  <Suspense fallback={null}>
                    <DepositBadge settings={settings} />
                  </Suspense>
                ) : null}
              </span>
              {t(labelId)}
              {tab === 'deposit' ? (
                <Suspense fallback={null}>
                  <DepositBadge settings={settings} spoken />
                </Suspense>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={offerRegister}
        title={t('trial.register.title')}
        message={t('trial.register.body')}
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('trial.register.submit')}
        onCancel={() => setOfferRegister(false)}
        onSubmit={() => {
          setOfferRegister(false);
          navigate({ to: '/m/register' });
        }}
      />
    </nav>
  );
}

/**
 * The promotional bonus badge of the deposit entry (the merchant's setting,
 * e.g. ₱258), nothing without one: drawn on the icon, and `spoken` after the
 * label for screen readers ("Deposit, bonus ₱258").
 */
function DepositBadge({ settings, spoken = false }: { settings: SettingsPromise; spoken?: boolean }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const loaded = use(settings);
  if (!loaded || loaded.depositBadge === null) return null;
  const amount = formatMoney(loaded.depositBadge, loaded.currency, { compact: true });
  if (spoken) return <span className={styles.spoken}>{t('nav.deposit.bonus', { amount })}</span>;
  return (
    <span className={styles.badge} aria-hidden="true">
      {amount}
    </span>
  );
}
