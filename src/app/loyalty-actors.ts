/**
 * The loyalty machines (machines/vip-room, reward-center) with their real
 * side effects: the loyalty API (contract/loyalty.ts), a random idempotency
 * key per redemption, and the header's balance read again once a reward is
 * paid.
 *
 * Imported only by the VIP room's and the reward center's route chunks.
 */
import { assign, fromPromise } from 'xstate';
import { mallStatusEndpoint, redeemEndpoint, vipStatusEndpoint } from '../../contract/loyalty.ts';
import { type RedeemRequest, rewardCenterMachine } from '../../machines/reward-center.machine.ts';
import { vipRoomMachine } from '../../machines/vip-room.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import { newIdempotencyKey, refreshBalance } from './money-actors.ts';

export function provideVipRoomMachine(call: ApiCall = apiCall) {
  return vipRoomMachine.provide({ actors: { loadVip: fromPromise(() => call(vipStatusEndpoint)) } });
}

export function provideRewardCenterMachine(call: ApiCall = apiCall) {
  return rewardCenterMachine.provide({
    actors: {
      loadMall: fromPromise(() => call(mallStatusEndpoint)),
      redeem: fromPromise(({ input }: { input: RedeemRequest }) => call(redeemEndpoint, { body: input })),
    },
    actions: {
      newIdempotencyKey: assign(({ context }) => ({ request: { itemId: context.item!.id, idempotencyKey: newIdempotencyKey() } })),
      rewardRedeemed: refreshBalance,
    },
  });
}
