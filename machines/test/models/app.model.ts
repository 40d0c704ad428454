/** The app machine's model: inputs and events of its model-based test and of `npm run paths app`. */
import { fromCallback } from 'xstate';
import { appMachine } from '../../app.machine.ts';
import type { SessionInfo } from '../../session.ts';
import type { StatusAnswer } from '../../system-status.machine.ts';
import type { MachineModel } from '../model.ts';

/** The house plan's member types (members, trial, agents). */
export const memberTypes = [0, 1, 2, 4, 40, 41, 42];

export const session = (type: number): SessionInfo => ({
  token: `token-${type}`,
  merchantCode: 'demo',
  userName: `user${type}`,
  type,
  firstTimeLogin: false,
});

const maintenance: StatusAnswer = { status: 1, info: 'back soon', ip: '203.0.113.7' };
export const inputs = [
  { language: 'EN', cachedStatus: null },
  { language: 'CN', cachedStatus: maintenance },
];

/** The server's answer for a session a newer login replaced. */
export const replaced = { kind: 'server', errorCode: 'login.not.session', value: undefined };

/** The delay event that ends the "session ended" notice. */
export const sessionEndedNotice = 'xstate.after.sessionEndedNotice.app.guest.sessionEnded';

/** What the favourites actor a path spawns was told (`session.change`), in order; the test empties it. */
export const heard = { favourites: [] as boolean[] };

/** Long-lived actors the site loads on demand (the balance, the favourites). */
const balanceLogic = fromCallback(() => () => {});
const favouritesLogic = fromCallback<{ type: 'session.change'; loggedIn: boolean }>(({ receive }) => {
  receive((event) => heard.favourites.push(event.loggedIn));
});

export const appModel: MachineModel<typeof appMachine> = {
  machine: appMachine,
  aspects: [
    {
      name: 'sessions, renewal and language',
      inputs,
      events: [
        ...memberTypes.map((type) => ({ type: 'xstate.done.actor.restoreSession', output: session(type) })),
        { type: 'xstate.done.actor.restoreSession', output: null },
        { type: 'xstate.error.actor.restoreSession', error: new Error('MC_SESSION_INFO is not JSON') },
        ...memberTypes.map((type) => ({ type: 'session.login', session: session(type), remember: true })),
        { type: 'session.login', session: { ...session(0), firstTimeLogin: true }, remember: false },
        { type: 'session.logout' },
        // Reported by the API client: no token (always the current session), or the token of an older session.
        { type: 'session.expire', errorCode: 'login.session.expired' },
        { type: 'session.expire', errorCode: 'user.or.token.invalid', token: 'an-older-token' },
        { type: 'session.renew' },
        { type: 'xstate.done.actor.renewSession', output: { userName: 'user0' } },
        { type: 'xstate.error.actor.renewSession', error: replaced },
        { type: 'xstate.error.actor.renewSession', error: { kind: 'offline', errorCode: 'client.offline' } },
        { type: 'session.passwordChanged' },
        { type: 'notice.dismiss' },
        { type: sessionEndedNotice },
        { type: 'language.change', language: 'VI' },
        { type: 'navigate', to: '/m/voucherCenter' },
        { type: 'actor.spawn', systemId: 'balance', logic: balanceLogic },
        { type: 'actor.spawn', systemId: 'favourites', logic: favouritesLogic, input: { loggedIn: false } },
        { type: 'actor.stop', systemId: 'balance' },
      ],
    },
  ],
};
