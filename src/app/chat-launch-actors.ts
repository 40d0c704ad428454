/**
 * The live chat's launcher (machines/chat-launch.machine.ts) with its real
 * side effects: the launch call (chatLaunchEndpoint) and the opening of the
 * address it answers, the site's own paths through the router. One launcher
 * for the whole site (system id `chatLaunch`, a child of the app actor),
 * asked by every entry point: the message center's live chat row, the
 * home's floating customer service button, the side menu's live customer
 * service. Loaded with the first ask, never in the first load; the shell
 * shows its toast (src/features/chat/chat-launcher.tsx) once it runs.
 */
import { fromPromise } from 'xstate';
import { chatLaunchEndpoint, chatModule } from '../../contract/chat.ts';
import { chatLaunchMachine } from '../../machines/chat-launch.machine.ts';
import type { Role } from '../../machines/session.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import { type SystemArgs, sendToApp } from './app-events.ts';
import { goTo } from './navigation.ts';
import { siteHref } from './site-href.ts';
import { readLanguage } from './storage.ts';

export const chatLaunchSystemId = 'chatLaunch';

export function provideChatLaunchMachine(call: ApiCall = apiCall, leave: (url: string) => void = (url) => window.location.assign(url)) {
  return chatLaunchMachine.provide({
    actors: {
      // Spec section 7: module CBS3, b2c 1, the language and the page to come back to (our own screen needs no colour or title).
      launchChat: fromPromise(() =>
        call(chatLaunchEndpoint, {
          query: { module: chatModule, b2c: 1, language: readLanguage(), backUrl: window.location.pathname.slice(0, 300), headerColor: undefined, title: undefined },
        }),
      ),
    },
    actions: {
      openChat: (args, { url }) => {
        const href = siteHref(url);
        // Another site's chat is left for in this tab: a new tab opened 500 ms after the tap would be blocked.
        if (href !== null) goTo(args, { href });
        else leave(url);
      },
    },
  });
}

let launcher: ReturnType<typeof provideChatLaunchMachine> | null = null;

/** Asks the site's chat launcher for the live chat, starting it first (once) as a child of the app actor. */
export function launchChat(args: SystemArgs, role: Role) {
  launcher ??= provideChatLaunchMachine();
  sendToApp(args, { type: 'actor.spawn', systemId: chatLaunchSystemId, logic: launcher });
  args.system.get(chatLaunchSystemId)?.send({ type: 'chat.launch', role });
}
