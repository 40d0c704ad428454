/**
 * The social login machine in the app's actor system, as its two views use
 * it (the login screen's buttons, the security center's linked accounts):
 * one actor per intent, and the page-cache return that makes the buttons
 * work again after the browser's back button from the provider.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { SocialIntent } from '../../machines/social-login.machine.ts';
import { useSystemActor } from './actor-system.ts';
import { identityDeps, provideSocialLoginMachine } from './identity-actors.ts';

export function useSocialLogin(intent: SocialIntent) {
  const logic = useMemo(() => provideSocialLoginMachine(identityDeps()), []);
  const actor = useSystemActor(logic, { systemId: intent === 'link' ? 'socialLink' : 'socialLogin', input: { intent } });
  const providers = useSelector(actor, (s) => s.context.providers);
  const links = useSelector(actor, (s) => s.context.links);
  const opening = useSelector(actor, (s) => (s.matches('starting') || s.matches('redirecting') ? s.context.provider : null));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'social.retry' });
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [actor]);
  return { actor, providers, links, opening, errorCode };
}
