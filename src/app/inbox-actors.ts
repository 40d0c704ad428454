/**
 * The inbox machine (machines/inbox.machine.ts) with its real side effects:
 * the inbox API (contract/inbox.ts), and the word to the app's unread counts
 * after a message that was unread is read or deleted.
 *
 * Imported only by the inbox screen (a lazily loaded route), never by the
 * first load.
 */
import { fromPromise } from 'xstate';
import type { DeleteAnswer, InboxPageRequest } from '../../machines/inbox.machine.ts';
import { inboxMachine } from '../../machines/inbox.machine.ts';
import type { ApiCall } from '../api/client.ts';
import {
  type InboxMessage,
  type InboxPage,
  inboxDeleteEndpoint,
  inboxListEndpoint,
  inboxPageSize,
  inboxReadEndpoint,
} from '../../contract/inbox.ts';
import { apiCall } from './api.ts';
import type { SystemArgs } from './app-events.ts';

/** The system id of the app's unread counts (announcements, chat, inbox; spec section 3). */
export const unreadSystemId = 'unread';

/**
 * Tells the app's unread counts that the inbox's count changed. The counts'
 * actor joins the system as `unread`; until it does, nothing is told (the
 * count is read afresh when it starts).
 */
export function notifyInboxUnreadChanged({ system }: SystemArgs): void {
  system.get(unreadSystemId)?.send({ type: 'unread.changed', kind: 'inbox' });
}

export function provideInboxMachine(call: ApiCall = apiCall) {
  return inboxMachine.provide({
    actors: {
      loadInboxPage: fromPromise(
        async ({ input }: { input: InboxPageRequest }): Promise<InboxPage> =>
          call(inboxListEndpoint, { query: { pageNo: input.pageNo, pageSize: inboxPageSize } }),
      ),
      readMessage: fromPromise(async ({ input }: { input: { id: number } }): Promise<InboxMessage> => call(inboxReadEndpoint, { body: { id: input.id } })),
      deleteMessage: fromPromise(async ({ input }: { input: { id: number } }): Promise<DeleteAnswer> => call(inboxDeleteEndpoint, { body: { id: input.id } })),
    },
    actions: { unreadChanged: notifyInboxUnreadChanged },
  });
}
