/** The notices machine's model: inputs and events of its model-based test and of `npm run paths notices`. */
import { type NoticeList, noticesMachine } from '../../notices.machine.ts';
import type { MachineModel } from '../model.ts';

export const noticeList: NoticeList = {
  list: [
    { announcementId: 1, title: 'Maintenance', content: '<p>Sunday</p>', startDate: '2026-11-20', read: false },
    { announcementId: 2, title: 'Bonus', content: '<p>258</p>', startDate: '2026-11-19', read: true },
  ],
  unreadCount: 1,
};

export const noticesModel: MachineModel<typeof noticesMachine> = {
  machine: noticesMachine,
  aspects: [
    {
      name: 'the list, opening, toggling and reporting read',
      inputs: [
        { role: 'member', index: null },
        { role: 'agent', index: 0 },
        { role: 'trial', index: 0 },
      ],
      events: [
        { type: 'item.open', announcementId: 1 },
        { type: 'item.open', announcementId: 2 },
        { type: 'item.open', announcementId: 99 },
        { type: 'item.toggle', announcementId: 1 },
        { type: 'item.close' },
        { type: 'notices.retry' },
        { type: 'notices.reload' },
        { type: 'xstate.done.actor.loadNotices', output: noticeList },
        { type: 'xstate.error.actor.loadNotices', error: { errorCode: 'client.offline' } },
        { type: 'xstate.after.markReadThrottle.notices.ready.spacing' },
        { type: 'xstate.done.actor.markRead', output: null },
        { type: 'xstate.error.actor.markRead', error: { errorCode: 'announcement.not.found' } },
      ],
    },
  ],
};
