/** The inbox machine's model: inputs and events of its model-based test and of `npm run paths inbox`. */
import type { InboxMessage, InboxPage } from '../../../contract/inbox.ts';
import { inboxMachine } from '../../inbox.machine.ts';
import type { MachineModel } from '../model.ts';

const message = (id: number, read: boolean): InboxMessage => ({
  id,
  kind: 'operator.message',
  title: `Message ${id}`,
  body: `Body ${id}`,
  createdAt: `2026-03-0${id}T10:00:00.000Z`,
  read,
});

export const unread1 = message(1, false);
export const read2 = message(2, true);
export const first: InboxPage = { list: [unread1, read2], pageNum: 1, totalPages: 2, total: 3 };
export const last: InboxPage = { list: [message(3, false)], pageNum: 2, totalPages: 2, total: 3 };
export const empty: InboxPage = { list: [], pageNum: 1, totalPages: 0, total: 0 };

const offline = { errorCode: 'client.offline' };
const gone = { errorCode: 'inbox.message.not.found' };
const trial = { errorCode: 'free_reject' };

export const inboxModel: MachineModel<typeof inboxMachine> = {
  machine: inboxMachine,
  aspects: [
    {
      name: 'trial refusal, loading and paging',
      inputs: [{ isTrial: true }, { isTrial: false }],
      events: [
        { type: 'list.more' },
        { type: 'list.retry' },
        { type: 'xstate.done.actor.loadInboxPage', output: first },
        { type: 'xstate.done.actor.loadInboxPage', output: empty },
        { type: 'xstate.error.actor.loadInboxPage', error: offline },
        { type: 'xstate.error.actor.loadInboxPage', error: trial },
        { type: 'xstate.done.actor.loadMoreInbox', output: last },
        { type: 'xstate.error.actor.loadMoreInbox', error: offline },
        { type: 'xstate.error.actor.loadMoreInbox', error: trial },
      ],
    },
    {
      name: 'opening, reading and deleting messages',
      inputs: [{ isTrial: false }],
      events: [
        { type: 'list.more' },
        { type: 'item.open', id: 1 },
        { type: 'item.close' },
        { type: 'item.delete', id: 1 },
        { type: 'delete.confirm' },
        { type: 'delete.cancel' },
        { type: 'xstate.done.actor.loadInboxPage', output: first },
        { type: 'xstate.error.actor.loadMoreInbox', error: offline },
        { type: 'xstate.done.actor.readMessage', output: { ...unread1, read: true } },
        { type: 'xstate.error.actor.readMessage', error: offline },
        { type: 'xstate.error.actor.readMessage', error: gone },
        { type: 'xstate.error.actor.readMessage', error: trial },
        { type: 'xstate.done.actor.deleteFromList', output: { id: 1, wasUnread: true } },
        { type: 'xstate.done.actor.deleteFromList', output: { id: 1, wasUnread: false } },
        { type: 'xstate.error.actor.deleteFromList', error: offline },
        { type: 'xstate.error.actor.deleteFromList', error: gone },
        { type: 'xstate.error.actor.deleteFromList', error: trial },
        { type: 'xstate.done.actor.deleteFromMessage', output: { id: 1, wasUnread: false } },
        { type: 'xstate.done.actor.deleteFromMessage', output: { id: 1, wasUnread: true } },
        { type: 'xstate.error.actor.deleteFromMessage', error: offline },
        { type: 'xstate.error.actor.deleteFromMessage', error: gone },
        { type: 'xstate.error.actor.deleteFromMessage', error: trial },
      ],
      // The list's length and read flags, not the messages' texts, tell two states apart.
      contextKey: (context) => {
        const c = context as { items: InboxMessage[]; openId: unknown; deleteId: unknown; errorCode: unknown; notice: unknown; current: unknown };
        return { items: c.items.map((m) => `${m.id}${m.read ? 'r' : 'u'}`), openId: c.openId, deleteId: c.deleteId, errorCode: c.errorCode, notice: c.notice, open: c.current !== null };
      },
    },
  ],
};
