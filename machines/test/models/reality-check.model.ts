/** The reality check's model: inputs and events of its model-based test and of `npm run paths reality-check`. */
import type { Reality } from '../../../contract/responsible-gaming.ts';
import { realityCheckMachine } from '../../reality-check.machine.ts';
import type { MachineModel } from '../model.ts';

export const since = '2026-11-28T10:00:00.000Z';
const at = (minutes: number) => Date.parse(since) + minutes * 60_000;

/** Read 5 minutes into the session: the first reminder of a 15-minute interval is 10 minutes away. */
export const reality: Reality = { since, stake: 5000, win: 3500, endsAt: null };
export const firstReading = { realityCheckMinutes: 15, reality, readAt: at(5) };
/** Read again at the reminder, 15 minutes into the session. */
export const reminderReading = { reality: { ...reality, stake: 9000, win: 12000 }, readAt: at(15) };
/** A 2-hour session limit, reality check off: it ends 115 minutes after the reading. */
export const limitedReading = { realityCheckMinutes: 0, reality: { ...reality, endsAt: '2026-11-28T12:00:00.000Z' }, readAt: at(5) };

export const REALITY_INTERVAL = 'xstate.after.realityInterval.realityCheck.running.waiting';
export const SESSION_LIMIT = 'xstate.after.sessionLimit.realityCheck.running';
export const RETRY_READ = 'xstate.after.retryRead.realityCheck.failed';

/** The delays of the model's readings, for the replay (fake timers). */
export const modelDelays = { realityInterval: 15 * 60_000, sessionLimit: 115 * 60_000, retryRead: 60_000 };

export const realityCheckModel: MachineModel<typeof realityCheckMachine> = {
  machine: realityCheckMachine,
  aspects: [
    {
      name: 'reminded every interval: continue, or log out',
      inputs: [{ session: 'tok-1' }],
      events: [
        { type: 'xstate.done.actor.loadSettings', output: firstReading },
        { type: REALITY_INTERVAL },
        { type: 'xstate.done.actor.loadReality', output: reminderReading },
        { type: 'xstate.error.actor.loadReality', error: { errorCode: 'client.offline' } },
        { type: 'reality.continue' },
        { type: 'reality.logout' },
        { type: 'xstate.done.actor.logOut' },
        { type: 'xstate.error.actor.logOut', error: { errorCode: 'client.offline' } },
      ],
    },
    {
      name: 'the session limit reached ends the session; settings changed, a failed reading retried',
      inputs: [{ session: 'tok-1' }],
      events: [
        { type: 'xstate.done.actor.loadSettings', output: limitedReading },
        { type: 'xstate.error.actor.loadSettings', error: { errorCode: 'client.offline' } },
        { type: RETRY_READ },
        { type: SESSION_LIMIT },
        { type: 'settings.changed' },
        { type: 'reality.logout' },
        { type: 'xstate.done.actor.logOut' },
      ],
    },
  ],
};
