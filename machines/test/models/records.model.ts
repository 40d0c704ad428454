/** The records machine's model: inputs and events of its model-based test and of `npm run paths records`. */
import { type RecordPage, recordsMachine } from '../../records.machine.ts';
import type { MachineModel } from '../model.ts';

const page = (pageNum: number, totalPages: number, ids: number[]): RecordPage => ({
  list: ids.map((id) => ({ id })),
  pageNum,
  totalPages,
  total: ids.length,
  summary: null,
});
export const first = page(1, 2, [1, 2]);
export const last = page(2, 2, [3]);
const only = page(1, 1, []);

export const recordsModel: MachineModel<typeof recordsMachine> = {
  machine: recordsMachine,
  aspects: [
    {
      name: 'filters, paging and failures',
      inputs: [{ filter: { types: 'A', startDate: null, endDate: null } }],
      events: [
        { type: 'records.filter', filter: { types: 'D' } },
        { type: 'records.filter', filter: { startDate: '2026-11-20', endDate: '2026-11-01' } },
        { type: 'records.more' },
        { type: 'records.retry' },
        { type: 'records.refresh' },
        { type: 'xstate.done.actor.loadRecords', output: first },
        { type: 'xstate.done.actor.loadRecords', output: only },
        { type: 'xstate.error.actor.loadRecords', error: { errorCode: 'client.offline' } },
        { type: 'xstate.done.actor.loadMoreRecords', output: last },
        { type: 'xstate.error.actor.loadMoreRecords', error: { errorCode: 'client.timeout' } },
      ],
    },
  ],
};
