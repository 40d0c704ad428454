import { createActorContext, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useEffect, useRef } from 'react';
import { appMachine } from '../../machines/app.machine.ts';
import { roleOf } from '../../machines/session.ts';
import type { SystemStatusContext } from '../../machines/system-status.machine.ts';
import { settledSiteSettings } from './site-settings.ts';

/** The running app machine, shared by every view through React context. */
export const AppActorContext = createActorContext(appMachine);

/** The app actor: the root of the app's one actor system (system id `app`). */
export type AppActorRef = ActorRefFrom<typeof appMachine>;

type AppSnapshot = ReturnType<ReturnType<typeof AppActorContext.useActorRef>['getSnapshot']>;

export const selectSession = (s: AppSnapshot) => s.context.session;
export const selectRole = (s: AppSnapshot) => roleOf(s.context.session);
export const selectLanguage = (s: AppSnapshot) => s.context.language;
export const selectSessionEnded = (s: AppSnapshot) => s.context.sessionEnded;
export const selectRestoring = (s: AppSnapshot) => s.matches('restoring') || s.matches('deciding');

export type SiteStatus = 'unknown' | 'normal' | 'maintenance' | 'restricted';

/** The status region of the `systemStatus` child machine, and its context. */
export function useSiteStatus(): { status: SiteStatus; context: SystemStatusContext | null } {
  const child = AppActorContext.useSelector((s) => s.children.systemStatus);
  const status = useSelector(child, (snap) => (snap ? (snap.value as { status: SiteStatus }).status : 'unknown'));
  const context = useSelector(child, (snap) => snap?.context ?? null);
  return { status, context };
}

export const useRole = () => AppActorContext.useSelector(selectRole);
export const useSession = () => AppActorContext.useSelector(selectSession);
export const useLanguage = () => AppActorContext.useSelector(selectLanguage);

/** Sends `language.change` to an actor whenever the language changes after the first render. */
export function useLanguageChanges(actor: { send: (event: { type: 'language.change' }) => void }) {
  const language = useLanguage();
  const first = useRef(language);
  useEffect(() => {
    if (first.current === language) return;
    first.current = language;
    actor.send({ type: 'language.change' });
  }, [actor, language]);
}
/** The interface language and the way to change it (the whole site at once). */
export function useLanguageChoice() {
  const language = useLanguage();
  const send = AppActorContext.useActorRef().send;
  // The merchant's enabled languages: its settings, in once the root route's loader has run (every
  // language with a catalog when they could not be read).
  const offered = settledSiteSettings()?.languages.enabled;
  return { language, offered, onChoose: (next: string) => send({ type: 'language.change', language: next }) };
}

/** The errorCode with which the server ended the last session, until the notice is dismissed. */
export const useSessionEnded = () => AppActorContext.useSelector(selectSessionEnded);
export const useAppSend = () => AppActorContext.useActorRef().send;
