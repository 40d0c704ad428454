import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSystemActor } from '../../app/actor-system.ts';
import { identityDeps, provideLogoutMachine } from '../../app/identity-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import styles from './identity-form.module.css';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

/**
 * The logout confirm (in_sure_logout), run by the logout machine: opened on
 * mount, `onClose` when cancelled or once logged out (the machine then sends
 * the player home).
 */
export default function LogoutDialog({ onClose }: { onClose: () => void }) {
  useCatalogPart('identity');
  const t = useT();
  const logic = useMemo(() => provideLogoutMachine(identityDeps()), []);
  const actor = useSystemActor(logic, { systemId: 'logout' });
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const loggingOut = useSelector(actor, (s) => s.matches('loggingOut'));

  useEffect(() => {
    actor.send({ type: 'logout.request' });
  }, [actor]);
  // Subscribed (not selected): logging out ends the signed-in view around this dialog in the same moment.
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') onClose();
    });
    return () => subscription.unsubscribe();
  }, [actor, onClose]);

  return (
    <>
      <ConfirmDialog
        open={confirming}
        message={t('in_sure_logout')}
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('dialog.submit')}
        onCancel={() => {
          actor.send({ type: 'logout.cancel' });
          onClose();
        }}
        onSubmit={() => actor.send({ type: 'logout.confirm' })}
      />
      {loggingOut ? (
        <p className={styles.toast} role="status">
          {t('in_please_wait')}
        </p>
      ) : null}
    </>
  );
}
