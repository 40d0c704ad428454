import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { InboxMessage, InboxPage } from '../contract/inbox.ts';
import { type DeleteAnswer, type InboxPageRequest, inboxMachine } from './inbox.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { empty, first, inboxModel, read2, unread1 } from './test/models/inbox.model.ts';
import { replayPath } from './test/replay.ts';

const pathSets = modelPathSets(inboxModel);
const invokes = { loadInboxPage: 'loadInboxPage', loadMoreInbox: 'loadInboxPage', readMessage: 'readMessage', deleteFromList: 'deleteMessage', deleteFromMessage: 'deleteMessage' };

describe('inbox machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(inboxMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutCancel = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'delete.cancel')),
    }));
    expect(coverageOf(inboxMachine, withoutCancel).missingTransitions).toEqual([
      'inbox.ready.list.confirmingDelete --delete.cancel--> inbox.ready.list.idle',
      'inbox.ready.message.confirmingDelete --delete.cancel--> inbox.ready.message.showing',
    ]);
  });
});

describe('inbox machine replayed on real actors', () => {
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(inboxMachine, input, path, { delays: {}, invokes }, (actual, expected) => {
      expect(actual.value).toEqual(expected.value);
      expect(actual.context).toEqual(expected.context);
    });
  });
});

function start(isTrial = false) {
  const load = deferred<InboxPage, InboxPageRequest>();
  const read = deferred<InboxMessage, { id: number }>();
  const remove = deferred<DeleteAnswer, { id: number }>();
  const unreadChanged = vi.fn();
  const actor = createActor(
    inboxMachine.provide({ actors: { loadInboxPage: load.logic, readMessage: read.logic, deleteMessage: remove.logic }, actions: { unreadChanged } }),
    { input: { isTrial } },
  );
  actor.start();
  return { actor, load, read, remove, unreadChanged };
}

describe('inbox machine', () => {
  it('refuses a trial account without asking the server', () => {
    const { actor, load } = start(true);
    expect(actor.getSnapshot().value).toBe('refused');
    expect(load.inputs).toEqual([]);
  });

  it('a free_reject answer is the same refusal', async () => {
    const { actor, load } = start();
    load.reject({ errorCode: 'free_reject' });
    await flush();
    expect(actor.getSnapshot().value).toBe('refused');
  });

  it('opening an unread message marks it read and tells the unread counts once; a read one does not', async () => {
    const { actor, load, read, unreadChanged } = start();
    load.resolve(first);
    await flush();
    actor.send({ type: 'item.open', id: 1 });
    expect(read.inputs).toEqual([{ id: 1 }]);
    read.resolve({ ...unread1, read: true });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: { message: 'showing' } });
    expect(actor.getSnapshot().context.current).toEqual({ ...unread1, read: true });
    expect(actor.getSnapshot().context.items.map((m) => m.read)).toEqual([true, true]);
    expect(unreadChanged).toHaveBeenCalledTimes(1);
    actor.send({ type: 'item.close' });
    actor.send({ type: 'item.open', id: 2 });
    read.resolve(read2);
    await flush();
    expect(unreadChanged).toHaveBeenCalledTimes(1);
  });

  it('deleting asks first; cancel keeps the message; confirm removes it and tells the unread counts when it was unread', async () => {
    const { actor, load, remove, unreadChanged } = start();
    load.resolve(first);
    await flush();
    actor.send({ type: 'item.delete', id: 1 });
    expect(actor.getSnapshot().value).toEqual({ ready: { list: 'confirmingDelete' } });
    actor.send({ type: 'delete.cancel' });
    expect(remove.inputs).toEqual([]);
    actor.send({ type: 'item.delete', id: 1 });
    actor.send({ type: 'delete.confirm' });
    expect(remove.inputs).toEqual([{ id: 1 }]);
    remove.resolve({ id: 1, wasUnread: true });
    await flush();
    expect(actor.getSnapshot().context.items.map((m) => m.id)).toEqual([2]);
    expect(actor.getSnapshot().context.notice).toBe('inbox.screen.deleted');
    expect(unreadChanged).toHaveBeenCalledTimes(1);
    actor.send({ type: 'item.delete', id: 2 });
    actor.send({ type: 'delete.confirm' });
    remove.resolve({ id: 2, wasUnread: false });
    await flush();
    expect(unreadChanged).toHaveBeenCalledTimes(1);
  });

  it('asks for the page holding the first message not shown yet, and drops repeats', async () => {
    const { actor, load, remove } = start();
    const page = (from: number, pageNum: number): InboxPage => ({
      list: Array.from({ length: 20 }, (_, i) => ({ ...unread1, id: from + i })),
      pageNum,
      totalPages: 3,
      total: 60,
    });
    load.resolve(page(1, 1));
    await flush();
    actor.send({ type: 'list.more' });
    load.resolve(page(21, 2));
    await flush();
    actor.send({ type: 'item.delete', id: 5 });
    actor.send({ type: 'delete.confirm' });
    remove.resolve({ id: 5, wasUnread: true });
    await flush();
    // 39 shown: the 40th moved up to page 2 (offset 39), so page 2 again, its repeats dropped.
    actor.send({ type: 'list.more' });
    load.resolve({ ...page(22, 2), totalPages: 3, total: 59 });
    await flush();
    expect(load.inputs).toEqual([{ pageNo: 1 }, { pageNo: 2 }, { pageNo: 2 }]);
    expect(actor.getSnapshot().context.items).toHaveLength(40);
    expect(new Set(actor.getSnapshot().context.items.map((m) => m.id)).size).toBe(40);
  });

  it('a message gone meanwhile leaves the list with a notice', async () => {
    const { actor, load, read } = start();
    load.resolve(first);
    await flush();
    actor.send({ type: 'item.open', id: 1 });
    read.reject({ errorCode: 'inbox.message.not.found' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: { list: 'idle' } });
    expect(actor.getSnapshot().context.items.map((m) => m.id)).toEqual([2]);
    expect(actor.getSnapshot().context.errorCode).toBe('inbox.message.not.found');
  });

  it('an empty inbox has nothing more to load', async () => {
    const { actor, load } = start();
    load.resolve(empty);
    await flush();
    actor.send({ type: 'list.more' });
    expect(load.pendingCount).toBe(0);
  });
});
