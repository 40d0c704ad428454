import { assign, fromPromise, setup } from 'xstate';
import type { VipLevel, VipStatus } from '../contract/loyalty.ts';
import { errorCodeOf } from './identity-types.ts';

export interface VipRoomContext {
  status: VipStatus | null;
  errorCode: string | null;
}

export type VipRoomEvent = { type: 'vip.retry' };

/** The member's level, the next one and how much turnover is left to reach it (null at the top). */
export function vipProgress(status: VipStatus): { current: VipLevel | null; next: VipLevel | null; toNext: number; ratio: number } {
  const levels = [...status.levels].sort((a, b) => a.turnover - b.turnover);
  const current = levels.filter((level) => level.level === status.level)[0] ?? null;
  const next = levels.find((level) => level.turnover > status.turnover) ?? null;
  if (!next) return { current, next: null, toNext: 0, ratio: 1 };
  const from = current?.turnover ?? 0;
  const span = next.turnover - from;
  return { current, next, toNext: next.turnover - status.turnover, ratio: span > 0 ? Math.min(1, Math.max(0, (status.turnover - from) / span)) : 0 };
}

/**
 * The VIP room (/m/member/benefits; spec sections 2 and 6: shown with the VIP
 * flag). `loadVip` reads the member's lifetime turnover, level and every
 * level with its benefits; a failure offers a retry.
 */
export const vipRoomMachine = setup({
  types: {
    context: {} as VipRoomContext,
    events: {} as VipRoomEvent,
  },
  actors: {
    loadVip: fromPromise<VipStatus>(async () => {
      throw new Error('loadVip is provided by the app');
    }),
  },
}).createMachine({
  id: 'vipRoom',
  context: { status: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadVip',
        src: 'loadVip',
        onDone: { target: 'ready', actions: assign({ status: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'vip.retry': { target: 'loading' } },
    },
    ready: {},
  },
});
