import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from './identity-types.ts';
import type { Role } from './session.ts';
import { trialRefusalMessage, trialRefusalMs } from './trial-refusal.ts';

/** Spec sections 7 and 9: the chat's address is opened 500 ms after the launch answered it. */
export const chatOpenDelayMs = 500;

/** Spec section 9, the default toast: how long a failed launch shows its reason. */
export const chatLaunchFailureMs = 1500;

/** The launch's own message (the launcher's toast while the chat is being opened). */
export const chatLaunchingMessage = 'chat.launch.opening';

export interface ChatLaunchContext {
  /** The chat's address the launch answered (`chatUrl`). */
  url: string | null;
  /** The toast shown (a message id), or null. */
  toast: string | null;
  /** Why the last launch failed (an error code), shown as the toast. */
  errorCode: string | null;
}

export type ChatLaunchEvent =
  /** An entry point asks for the live chat (the message center's row, the home's floating button, the side menu, the member and agent menus). */
  { type: 'chat.launch'; role: Role };

/**
 * The live chat's launcher (system id `chatLaunch`, a long-lived child of the
 * app actor, started by the first entry point that asks for the chat).
 * `chat.launch` asks the server for the chat's address (`launchChat`,
 * GET /wps/cbs/launch, module CBS3) and opens it 500 ms later
 * (`chatOpenDelay`, spec section 7; `openChat`: the site's own paths through
 * the router). A trial account (type 4) is refused with 'Please log in to a
 * real account to use this function' for 1 s (`trialRefusal`, as in the
 * message center) and stays; a failed launch shows its reason for 1.5 s
 * (`launchFailure`). A guest may launch: the chat asks a guest for a name
 * and a contact. A new `chat.launch` starts over.
 */
export const chatLaunchMachine = setup({
  types: {
    context: {} as ChatLaunchContext,
    events: {} as ChatLaunchEvent,
  },
  actors: {
    /** The chat's address for this visitor (chatLaunchEndpoint). */
    launchChat: fromPromise<{ chatUrl: string }>(async () => {
      throw new Error('launchChat is provided by the app');
    }),
  },
  actions: {
    /** Opens the chat's address: the site's own paths through the router, another site's by leaving for it (the app provides it). */
    openChat: (_, _params: { url: string }) => {},
  },
  delays: {
    chatOpenDelay: chatOpenDelayMs,
    trialRefusal: trialRefusalMs,
    launchFailure: chatLaunchFailureMs,
  },
  guards: {
    isTrial: ({ event }) => event.role === 'trial',
  },
}).createMachine({
  id: 'chatLaunch',
  context: { url: null, toast: null, errorCode: null },
  initial: 'idle',
  on: {
    'chat.launch': [{ guard: 'isTrial', target: '.refused' }, { target: '.launching' }],
  },
  states: {
    idle: {},
    /** A trial account asked for the chat: the refusal shows for 1 s. */
    refused: {
      entry: assign({ toast: trialRefusalMessage, errorCode: null }),
      exit: assign({ toast: null }),
      after: { trialRefusal: 'idle' },
    },
    launching: {
      entry: assign({ toast: chatLaunchingMessage, url: null, errorCode: null }),
      invoke: {
        id: 'launchChat',
        src: 'launchChat',
        onDone: { target: 'opening', actions: assign({ url: ({ event }) => event.output.chatUrl }) },
        onError: { target: 'failed', actions: assign({ toast: null, errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    /** The address is in: it opens after `chatOpenDelay`. */
    opening: {
      after: {
        chatOpenDelay: {
          target: 'idle',
          actions: [{ type: 'openChat', params: ({ context }) => ({ url: context.url ?? '' }) }, assign({ toast: null })],
        },
      },
    },
    failed: {
      exit: assign({ errorCode: null }),
      after: { launchFailure: 'idle' },
    },
  },
});
