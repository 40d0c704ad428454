/** The unread machine's model: inputs and events of its model-based test and of `npm run paths unread`. */
import { type UnreadContext, unreadMachine } from '../../unread.machine.ts';
import type { MachineModel } from '../model.ts';

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
        { type: 'xstate.after.unreadThrottle.unread.counting.waiting' },
        { type: 'xstate.done.actor.loadCounts', output: { announcement: 3, inbox: 120 } },
        { type: 'xstate.error.actor.loadCounts', error: { errorCode: 'client.offline' } },
      ],
      // What is due or being fetched and whether there are counts tell states apart (not the counts' values).
      contextKey: (context) => {
        const c = context as UnreadContext;
        return { due: [...c.due].sort(), fetching: [...c.fetching].sort(), counted: c.counts.announcement > 0 };
      },
    },
  ],
};
