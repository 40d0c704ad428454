import { AppActorContext, useRole } from './app-actor.tsx';

/**
 * What the customer service entries (the home's floating button, the side
 * menu's live customer service) do: ask the site's chat launcher for the
 * live chat (src/app/chat-launch-actors.ts, loaded with the first ask).
 */
export function useChatLaunch() {
  const app = AppActorContext.useActorRef();
  const role = useRole();
  return () => void import('./chat-launch-actors.ts').then((m) => m.launchChat(app, role));
}
