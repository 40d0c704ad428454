/** The unread machine's model: inputs and events of its model-based test and of `npm run paths unread`. */
import { type UnreadContext, unreadMachine } from '../../unread.machine.ts';
import type { MachineModel } from '../model.ts';

const fetches = [
  { type: 'xstate.after.unreadThrottle.unread.counting.waiting' },
  { type: 'xstate.done.actor.loadCounts', output: { announcement: 3, inbox: 120, chat: 2 } },
  { type: 'xstate.error.actor.loadCounts', error: { errorCode: 'client.offline' } },
];

export const unreadModel: MachineModel<typeof unreadMachine> = {
  machine: unreadMachine,
  aspects: [
    {
      name: 'sessions, throttled fetches, changes and reads',
      inputs: [{ role: 'guest' }, { role: 'member' }],
      events: [
        { type: 'session.change', loggedIn: true, role: 'agent' },
        { type: 'session.change', loggedIn: true, role: 'trial' },
        { type: 'session.change', loggedIn: false },
        { type: 'unread.changed', kind: 'inbox' },
        { type: 'unread.read', kind: 'announcement' },
        { type: 'language.change' },
        ...fetches,
      ],
      // What is due or being fetched and whether there are counts tell states apart (not the counts' values).
      contextKey: (context) => {
        const c = context as UnreadContext;
        return { due: [...c.due].sort(), fetching: [...c.fetching].sort(), counted: c.counts.announcement > 0 };
      },
    },
    {
      name: 'the live chat switch (CBS3) on and off, the chat count',
      inputs: [{ role: 'guest', chatEnabled: true }, { role: 'member' }, { role: 'member', chatEnabled: true }],
      events: [
        { type: 'chat.switch', enabled: true },
        { type: 'chat.switch', enabled: false },
        { type: 'unread.changed', kind: 'chat' },
        { type: 'session.change', loggedIn: false },
        ...fetches,
      ],
      contextKey: (context) => {
        const c = context as UnreadContext;
        return { due: [...c.due].sort(), fetching: [...c.fetching].sort(), chat: c.chatEnabled, chatCounted: c.counts.chat > 0 };
      },
    },
  ],
};
