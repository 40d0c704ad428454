import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { notifyInboxUnreadChanged, unreadSystemId } from './inbox-actors.ts';

describe('the inbox tells the unread counts', () => {
  it('sends unread.changed (inbox) to the actor of the system registered as unread', () => {
    const received = vi.fn();
    const unread = createActor(createMachine({ on: { '*': { actions: ({ event }) => received(event) } } }), { systemId: unreadSystemId });
    unread.start();
    notifyInboxUnreadChanged({ system: unread.system });
    expect(received).toHaveBeenCalledWith({ type: 'unread.changed', kind: 'inbox' });
    unread.stop();
  });

  it('does nothing while no unread actor has joined the system', () => {
    const other = createActor(createMachine({}), { systemId: 'app' });
    other.start();
    expect(() => notifyInboxUnreadChanged({ system: other.system })).not.toThrow();
    other.stop();
  });
});
