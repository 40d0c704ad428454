/** The rebate settings' model: inputs and events of its model-based test and of `npm run paths rebate-settings`. */
import type { RebateMember, RebateRate, RebateSettings } from '../../../contract/agent-contracts.ts';
import { rebateSettingsMachine } from '../../rebate-settings.machine.ts';
import type { MachineModel } from '../model.ts';

export const rates = (rng: number, live = 0): RebateRate[] => [
  { gameType: 'RNG', rateBps: rng },
  { gameType: 'FISH', rateBps: 0 },
  { gameType: 'LIVE', rateBps: live },
  { gameType: 'PVP', rateBps: 0 },
  { gameType: 'SPORTS', rateBps: 0 },
  { gameType: 'LOTT', rateBps: 0 },
  { gameType: 'ELOTT', rateBps: 0 },
];
/** The agent's own rates: 1.50 % on RNG, 0.80 % on LIVE. */
export const own = rates(150, 80);
export const rebateMember = (id: number, account: string, rng = 0): RebateMember => ({ id, account, type: 0, rates: rates(rng) });
export const alice = rebateMember(11, 'alice', 100);
export const bob = rebateMember(12, 'bob');
export const carol = rebateMember(13, 'carol');
export const settings = (members: RebateMember[], pageNum = 1, totalPages = 1): RebateSettings => ({
  own,
  members: { list: members, pageNum, totalPages, total: totalPages > 1 ? members.length + 1 : members.length },
});
/** The first of two pages, and the last. */
export const firstPage = settings([alice, bob], 1, 2);
export const lastPage = settings([carol], 2, 2);
/** alice's RNG rate raised to 1.25 %, as the server answers. */
export const aliceSaved: RebateMember = { ...alice, rates: rates(125) };

export const rebateSettingsModel: MachineModel<typeof rebateSettingsMachine> = {
  machine: rebateSettingsMachine,
  aspects: [
    {
      name: 'the members searched and paged, failures and retries',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadSettings', output: firstPage },
        { type: 'xstate.error.actor.loadSettings', error: { errorCode: 'agent.menu.denied' } },
        { type: 'rebate.retry' },
        { type: 'rebate.search', account: ' al ' },
        { type: 'rebate.more' },
        { type: 'xstate.done.actor.loadMoreSettings', output: lastPage },
        { type: 'xstate.error.actor.loadMoreSettings', error: { errorCode: 'client.timeout' } },
      ],
    },
    {
      name: "a member's rates edited: refused fields, nothing changed, saved or refused by the server",
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadSettings', output: settings([alice, bob]) },
        { type: 'rebate.edit', memberId: 11 },
        { type: 'rebate.cancel' },
        { type: 'rebate.save', rates: { RNG: '2.00', LIVE: '-1', FISH: 'x' } },
        { type: 'rebate.save', rates: { RNG: '1.00' } },
        { type: 'rebate.save', rates: { RNG: '1.25' } },
        { type: 'xstate.done.actor.saveRates', output: aliceSaved },
        { type: 'xstate.error.actor.saveRates', error: { errorCode: 'rebate.rate.above.own' } },
      ],
    },
  ],
};
