/**
 * The toast of the site's chat launcher (machines/chat-launch.machine.ts,
 * system id `chatLaunch`): 'Opening customer service…' while the chat's
 * address is asked for, a trial account's refusal for 1 s, or why the launch
 * failed for 1.5 s. A slot of the shell (src/routes/shell-slots.ts), loaded
 * once the launcher runs, so any entry point's launch shows here.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { chatLaunchMachine } from '../../../machines/chat-launch.machine.ts';
import { AppActorContext } from '../../app/app-actor.tsx';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import styles from './chat-launcher.module.css';

type ChatLaunchActor = ActorRefFrom<typeof chatLaunchMachine>;

export default function ChatLauncher() {
  useCatalogPart('content');
  const t = useT();
  const errorText = useErrorText();
  const launcher = AppActorContext.useSelector((s) => s.children.chatLaunch) as ChatLaunchActor | undefined;
  const toast = useSelector(launcher, (s) => s?.context.toast ?? null);
  const errorCode = useSelector(launcher, (s) => s?.context.errorCode ?? null);
  if (errorCode) {
    return (
      <p role="alert" className={styles.toast}>
        {errorText(errorCode)}
      </p>
    );
  }
  return toast ? (
    <p role="status" className={styles.toast}>
      {t(toast as MessageId)}
    </p>
  ) : null;
}
