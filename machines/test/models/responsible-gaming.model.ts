/** The responsible gaming page's model: inputs and events of its model-based test and of `npm run paths responsible-gaming`. */
import { type Limit, limitKinds, limitPeriods, type Protection, type StatementMonth } from '../../../contract/responsible-gaming.ts';
import { responsibleGamingMachine } from '../../responsible-gaming.machine.ts';
import type { MachineModel } from '../model.ts';

/** Every kind × period without a limit, except those given. */
export const protectionWith = (limits: Partial<Record<`${Limit['kind']}.${Limit['period']}`, Partial<Limit>>> = {}, more: Partial<Protection> = {}): Protection => ({
  limits: limitKinds.flatMap((kind) => limitPeriods.map((period) => ({ kind, period, amount: null, next: null, used: 0, ...limits[`${kind}.${period}`] }))),
  sessionLimitMinutes: 0,
  realityCheckMinutes: 0,
  exclusion: null,
  ...more,
});

export const protection = protectionWith({ 'deposit.day': { amount: 50000, used: 12000 } });
export const lowered = protectionWith({ 'deposit.day': { amount: 20000, used: 12000 } });
export const excluded = protectionWith({}, { exclusion: { kind: 'timeOut', until: '2026-11-29T10:00:00.000Z' } });
export const statement: StatementMonth[] = [{ month: '2026-11', deposits: 100000, withdrawals: 20000, stake: 50000, win: 42000 }];

export const responsibleGamingModel: MachineModel<typeof responsibleGamingMachine> = {
  machine: responsibleGamingMachine,
  aspects: [
    {
      name: 'loaded, a limit edited (refused, saved, removed, cancelled), its failure and retry',
      inputs: [{ isTrial: false }],
      events: [
        { type: 'xstate.done.actor.loadPage', output: { protection, statement } },
        { type: 'xstate.error.actor.loadPage', error: { errorCode: 'client.offline' } },
        { type: 'rg.retry' },
        { type: 'limit.edit', kind: 'deposit', period: 'day' },
        { type: 'limit.submit', amount: Number.NaN },
        { type: 'limit.submit', amount: 0 },
        { type: 'limit.submit', amount: 1_000_000_000_01 },
        { type: 'limit.submit', amount: 20000 },
        { type: 'limit.remove' },
        { type: 'limit.cancel' },
        { type: 'xstate.done.actor.saveLimit', output: lowered },
        { type: 'xstate.error.actor.saveLimit', error: { errorCode: 'client.offline' } },
        { type: 'xstate.done.actor.removeLimit', output: protection },
        { type: 'xstate.error.actor.removeLimit', error: { errorCode: 'client.offline' } },
      ],
    },
    {
      name: 'session settings saved or refused; a time-out confirmed, cancelled or refused',
      inputs: [{ isTrial: false }],
      events: [
        { type: 'xstate.done.actor.loadPage', output: { protection, statement } },
        { type: 'session.save', sessionLimitMinutes: 60, realityCheckMinutes: 15 },
        { type: 'xstate.done.actor.saveSession', output: protectionWith({}, { sessionLimitMinutes: 60, realityCheckMinutes: 15 }) },
        { type: 'xstate.error.actor.saveSession', error: { errorCode: 'client.offline' } },
        { type: 'exclusion.choose', request: { kind: 'timeOut', duration: '24h' } },
        { type: 'exclusion.confirm' },
        { type: 'exclusion.cancel' },
        { type: 'xstate.done.actor.exclude', output: excluded },
        { type: 'xstate.error.actor.exclude', error: { errorCode: 'rg.exclusion.shorter' } },
      ],
    },
    {
      name: 'a trial account is refused, by the client or by the server',
      inputs: [{ isTrial: true }, { isTrial: false }],
      events: [{ type: 'xstate.error.actor.loadPage', error: { errorCode: 'trial.forbidden' } }, { type: 'rg.retry' }],
    },
  ],
};
