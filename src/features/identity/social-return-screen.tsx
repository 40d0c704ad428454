/** Back from a social provider (/m/social, machines/social-return.machine.ts): signing in, linked, or why not. */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SocialProvider } from '../../../contract/social.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { identityDeps, provideSocialReturnMachine } from '../../app/identity-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useIdentityText } from './form-parts.tsx';

const providerNames = { google: 'identity.social.google', facebook: 'identity.social.facebook' } as const;

export function SocialReturnScreen({ ticket, error, linked }: { ticket: string | null; error: string | null; linked: SocialProvider | null }) {
  useCatalogPart('identity');
  const t = useT();
  const text = useIdentityText();
  const logic = useMemo(() => provideSocialReturnMachine(identityDeps()), []);
  const actor = useSystemActor(logic, { systemId: 'socialReturn', input: { ticket, error, linked } });
  const state = useSelector(actor, (s) => (s.matches('failed') ? 'failed' : s.matches('linked') ? 'linked' : 'signingIn'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  if (state === 'failed') {
    return (
      <EmptyState
        icon="log-in"
        tone="danger"
        role="alert"
        title={text(errorCode ?? 'unknown')}
        action={<Button onClick={() => actor.send({ type: 'social.back' })}>{t('identity.social.back')}</Button>}
      />
    );
  }
  if (state === 'linked' && linked) {
    return <EmptyState icon="shield-check" role="status" title={t('identity.social.linkedDone', { provider: t(providerNames[linked]) })} />;
  }
  return <EmptyState icon="log-in" role="status" title={t('identity.social.signingIn')} body={t('in_please_wait')} />;
}
