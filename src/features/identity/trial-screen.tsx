import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSystemActor } from '../../app/actor-system.ts';
import { identityDeps, provideTrialMachine } from '../../app/identity-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useIdentityText } from './form-parts.tsx';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

/** Trial play (/m/trail): creates a trial account, stores its session and goes home. */
export function TrialScreen() {
  useCatalogPart('identity');
  const t = useT();
  const text = useIdentityText();
  const logic = useMemo(() => provideTrialMachine(identityDeps()), []);
  const actor = useSystemActor(logic, { systemId: 'trial' });
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  if (failed) {
    return (
      <EmptyState
        icon="gamepad-2"
        tone="danger"
        role="alert"
        title={text(errorCode ?? 'unknown')}
        action={<Button onClick={() => actor.send({ type: 'trial.retry' })}>{t('identity.retry')}</Button>}
      />
    );
  }
  return <EmptyState icon="gamepad-2" role="status" title={t('identity.trial.starting')} body={t('in_please_wait')} />;
}
