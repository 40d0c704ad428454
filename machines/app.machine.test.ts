import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { appMachine, sessionEndedNoticeMs } from './app.machine.ts';
import type { SessionInfo } from './session.ts';
import { type StatusAnswer, systemStatusMachine } from './system-status.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { appModel, heard, inputs, session, sessionEndedNotice } from './test/models/app.model.ts';

type Role = 'guest' | 'member' | 'trial' | 'agent';

/** The house plan's member types, written out independently of machines/session.ts. */
const roleByType: Record<number, Role> = { 0: 'member', 40: 'member', 4: 'trial', 1: 'agent', 2: 'agent', 41: 'agent', 42: 'agent' };

const pathSets = modelPathSets(appModel);
const NOTICE = sessionEndedNotice;

describe('app machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(appMachine, pathSets);
    expect(coverage.states).toEqual([
      'app.restoring',
      'app.deciding',
      'app.guest',
      'app.guest.idle',
      'app.guest.sessionEnded',
      'app.member',
      'app.member.idle',
      'app.member.renewing',
      'app.trial',
      'app.trial.idle',
      'app.trial.renewing',
      'app.agent',
      'app.agent.idle',
      'app.agent.renewing',
    ]);
    expect(coverage.transitions.length).toBe(34);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check fails when paths leave something out', () => {
    const withoutTrial = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => (e as { output?: SessionInfo; session?: SessionInfo }).output?.type === 4 || e.session?.type === 4)),
    }));
    const coverage = coverageOf(appMachine, withoutTrial);
    expect(coverage.missingStates).toEqual(['app.trial', 'app.trial.idle', 'app.trial.renewing']);
    expect(coverage.missingTransitions).toEqual([
      'app.deciding --always [isTrial] #1--> app.trial',
      'app.trial --session.logout--> app.guest',
      'app.trial --session.expire [isCurrentSession]--> app.guest.sessionEnded',
      'app.trial --session.passwordChanged--> (internal)',
      'app.trial.idle --session.renew--> app.trial.renewing',
      'app.trial.renewing --xstate.done.actor.renewSession--> app.trial.idle',
      'app.trial.renewing --xstate.error.actor.renewSession [isSessionEnded] #0--> app.guest.sessionEnded',
      'app.trial.renewing --xstate.error.actor.renewSession #1--> app.trial.idle',
    ]);
  });
});

function harness(input: (typeof inputs)[number]) {
  let restore: { resolve: (s: SessionInfo | null) => void; reject: (e: unknown) => void } | undefined;
  const restoreSession = vi.fn(
    () =>
      new Promise<SessionInfo | null>((resolve, reject) => {
        restore = { resolve, reject };
      }),
  );
  const renew = deferred<unknown, { token: string }>();
  const storeSession = vi.fn<(s: SessionInfo, remember: boolean) => void>();
  const rewriteSession = vi.fn<(s: SessionInfo | null) => void>();
  const forgetSession = vi.fn();
  const forgetDeviceToken = vi.fn();
  const storeLanguage = vi.fn<(language: string) => void>();
  const navigate = vi.fn<(params: { to: string; replace?: boolean }) => void>();
  const fetchStatus = vi.fn(() => new Promise<StatusAnswer>(() => {}));
  const machine = appMachine.provide({
    actors: {
      restoreSession: fromPromise(() => restoreSession()),
      renewSession: renew.logic,
      systemStatus: systemStatusMachine.provide({ actors: { fetchStatus: fromPromise(() => fetchStatus()) } }),
    },
    actions: {
      storeSession: (_, p) => storeSession(p.session, p.remember),
      rewriteSession: ({ context }) => rewriteSession(context.session),
      forgetSession: () => forgetSession(),
      forgetDeviceToken: () => forgetDeviceToken(),
      storeLanguage: (_, p) => storeLanguage(p.language),
      navigate: (_, p) => navigate(Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as { to: string }),
    },
  });
  const actor = createActor(machine, { input });
  return {
    actor,
    settleRestore: () => restore!,
    restoreSession,
    renew,
    storeSession,
    rewriteSession,
    forgetSession,
    forgetDeviceToken,
    storeLanguage,
    navigate,
    fetchStatus,
  };
}

describe.each(inputs)('app machine replayed with language $language and cached status $cachedStatus', (input) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const paths = pathSets.find((s) => s.input === input)!.paths;

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const h = harness(input);
    // The user's model: who is signed in, in which language, what was stored, and what the screen says.
    let restoring = true;
    let current: SessionInfo | null = null;
    let renewing = false;
    let ended: string | null = null;
    let language = input.language;
    const stored: Array<[SessionInfo, boolean]> = [];
    const rewritten: SessionInfo[] = [];
    let forgotten = 0;
    const renewedTokens: string[] = [];
    const languages: string[] = [];
    const navigations: { to: string; replace?: boolean }[] = [];
    // The long-lived children running, and the session changes the favourites were told.
    let balance = false;
    let favourites = false;
    const told: boolean[] = [];
    heard.favourites = [];
    const expectedRole = (): Role => (current ? roleByType[current.type]! : 'guest');
    const signIn = (session: SessionInfo | null) => {
      current = session;
      if (favourites) told.push(session !== null);
    };
    const endSession = (errorCode: string | null) => {
      current = null;
      renewing = false;
      forgotten++;
      // The session's balance stops with it; the favourites hear that nobody is signed in.
      balance = false;
      if (favourites) told.push(false);
      if (errorCode) {
        ended = errorCode;
        navigations.push({ to: '/m/login', replace: true });
      }
    };

    const check = (modelState: { value: unknown; context: unknown }) => {
      const snap = h.actor.getSnapshot();
      expect(snap.status).toBe('active');
      expect(snap.value).toEqual(modelState.value);
      expect(snap.context).toEqual(modelState.context);
      const role = expectedRole();
      expect(snap.value).toEqual(
        restoring ? 'restoring' : role === 'guest' ? { guest: ended ? 'sessionEnded' : 'idle' } : { [role]: renewing ? 'renewing' : 'idle' },
      );
      expect(snap.context).toEqual({ session: current, language, cachedStatus: input.cachedStatus, sessionEnded: ended });
      expect(h.storeSession.mock.calls).toEqual(stored);
      expect(h.rewriteSession.mock.calls.map(([session]) => session)).toEqual(rewritten);
      // Logout and expiry forget the session and the remember-me device token alike (the account stays).
      expect(h.forgetSession).toHaveBeenCalledTimes(forgotten);
      expect(h.forgetDeviceToken).toHaveBeenCalledTimes(forgotten);
      expect(h.renew.inputs).toEqual(renewedTokens.map((token) => ({ token })));
      expect(h.storeLanguage.mock.calls.map(([l]) => l)).toEqual(languages);
      expect(h.navigate.mock.calls.map(([n]) => n)).toEqual(navigations);
      // Long-lived actors are children under their system ids.
      expect(h.actor.system.get('balance') !== undefined).toBe(balance);
      expect(h.actor.system.get('favourites') !== undefined).toBe(favourites);
      expect(Boolean(snap.children.balance)).toBe(balance);
      expect(heard.favourites).toEqual(told);
      // The system status runs as a child from the start, with the cached answer already shown.
      const status = snap.children.systemStatus?.getSnapshot();
      expect(status?.context.answer).toEqual(input.cachedStatus);
      expect(status?.value).toEqual({ connection: 'fetching', status: input.cachedStatus ? 'maintenance' : 'unknown' });
      expect(h.fetchStatus).toHaveBeenCalledTimes(1);
      expect(h.restoreSession).toHaveBeenCalledTimes(1);
    };

    h.actor.start();
    await flush();
    check(path.steps[0]!.state);

    for (const step of path.steps.slice(1)) {
      const event = step.event;
      const wasRenewing = renewing;
      switch (event.type) {
        case 'xstate.done.actor.restoreSession':
          h.settleRestore().resolve(event.output);
          restoring = false;
          signIn(event.output);
          break;
        case 'xstate.error.actor.restoreSession':
          h.settleRestore().reject(event.error);
          restoring = false;
          signIn(null);
          break;
        case 'session.login':
          h.actor.send(event as never);
          if (!restoring && !current) {
            signIn(event.session);
            ended = null;
            stored.push([event.session, event.remember]);
          }
          break;
        case 'session.logout':
          h.actor.send(event as never);
          if (!restoring && current) endSession(null);
          break;
        case 'session.expire':
          h.actor.send(event as never);
          if (!restoring && current && (event.token === undefined || event.token === current.token)) endSession(event.errorCode);
          break;
        case 'session.renew':
          h.actor.send(event as never);
          if (!restoring && current && !renewing) {
            renewing = true;
            renewedTokens.push(current.token);
          }
          break;
        case 'xstate.done.actor.renewSession':
          h.renew.resolve(event.output);
          renewing = false;
          break;
        case 'xstate.error.actor.renewSession':
          h.renew.reject(event.error);
          renewing = false;
          // The server ended the session: as a logout, with the reason to show. Anything else keeps it.
          if (event.error.errorCode === 'login.not.session') endSession(event.error.errorCode);
          break;
        case 'session.passwordChanged':
          h.actor.send(event as never);
          if (!restoring && current) {
            const changed: SessionInfo = { ...(current as SessionInfo), firstTimeLogin: false, passwordExpired: false };
            current = changed;
            rewritten.push(changed);
          }
          break;
        case 'notice.dismiss':
          h.actor.send(event as never);
          ended = null;
          break;
        case NOTICE:
          // The notice goes by itself after the short toast's time.
          await vi.advanceTimersByTimeAsync(sessionEndedNoticeMs);
          ended = null;
          break;
        case 'navigate':
          h.actor.send(event as never);
          navigations.push({ to: event.to });
          break;
        case 'actor.spawn':
          h.actor.send(event as never);
          if (event.systemId === 'balance') balance = true;
          else favourites = true;
          break;
        case 'actor.stop':
          h.actor.send(event as never);
          balance = false;
          break;
        case 'language.change':
          h.actor.send(event as never);
          language = event.language;
          languages.push(event.language);
          break;
        default:
          throw new Error(`no executor for ${event.type}`);
      }
      // A renewal cut short by a logout or an expiry never answers.
      if (wasRenewing && !renewing && h.renew.pendingCount > 0) h.renew.reject(new Error('stopped'));
      await flush();
      check(step.state);
    }
    h.actor.stop();
  });
});

describe('app machine: named scenarios', () => {
  it.each([
    [0, 'member'],
    [40, 'member'],
    [4, 'trial'],
    [1, 'agent'],
    [2, 'agent'],
    [41, 'agent'],
    [42, 'agent'],
  ] as const)('restores a stored session of type %i as %s', async (type, role) => {
    const h = harness(inputs[0]!);
    h.actor.start();
    h.settleRestore().resolve(session(type));
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ [role]: 'idle' });
  });

  it('a login is stored, a logout forgets it and leaves a guest', async () => {
    const h = harness(inputs[0]!);
    h.actor.start();
    h.settleRestore().resolve(null);
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ guest: 'idle' });
    h.actor.send({ type: 'session.login', session: session(42), remember: true });
    expect(h.actor.getSnapshot().value).toEqual({ agent: 'idle' });
    expect(h.storeSession).toHaveBeenCalledWith(session(42), true);
    h.actor.send({ type: 'session.logout' });
    expect(h.actor.getSnapshot().value).toEqual({ guest: 'idle' });
    expect(h.actor.getSnapshot().context.session).toBeNull();
    // A logout goes nowhere by itself (the logout flow sends the player home).
    expect(h.navigate).not.toHaveBeenCalled();
    expect(h.forgetSession).toHaveBeenCalledTimes(1);
  });
});

describe('app machine: sessions the server ends', () => {
  const signedIn = async (type = 0, overrides: Partial<SessionInfo> = {}) => {
    const h = harness(inputs[0]!);
    h.actor.start();
    h.settleRestore().resolve({ ...session(type), ...overrides });
    await flush();
    return h;
  };

  it('a renewal answered login.not.session signs out as a logout does and keeps the reason to show', async () => {
    const h = await signedIn(0);
    h.actor.send({ type: 'session.renew' });
    expect(h.renew.inputs).toEqual([{ token: 'token-0' }]);
    h.renew.reject({ kind: 'server', errorCode: 'login.not.session' });
    await flush();
    const snap = h.actor.getSnapshot();
    expect(snap.value).toEqual({ guest: 'sessionEnded' });
    expect(snap.context).toMatchObject({ session: null, sessionEnded: 'login.not.session' });
    expect(h.navigate).toHaveBeenCalledWith({ to: '/m/login', replace: true });
    expect(h.forgetSession).toHaveBeenCalledTimes(1);
    expect(h.forgetDeviceToken).toHaveBeenCalledTimes(1);
    h.actor.send({ type: 'notice.dismiss' });
    expect(h.actor.getSnapshot().context.sessionEnded).toBeNull();
  });

  it('a renewal that fails for another reason keeps the session', async () => {
    const h = await signedIn(4);
    h.actor.send({ type: 'session.renew' });
    h.renew.reject({ kind: 'timeout', errorCode: 'client.timeout' });
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ trial: 'idle' });
    expect(h.forgetSession).not.toHaveBeenCalled();
  });

  it.each(['login.not.session', 'login.session.expired', 'user.or.token.invalid'])(
    'an authenticated call answered %s ends the session it was made with, not a newer one',
    async (errorCode) => {
      const h = await signedIn(1);
      h.actor.send({ type: 'session.expire', errorCode, token: 'token-from-before' });
      expect(h.actor.getSnapshot().value).toEqual({ agent: 'idle' });
      h.actor.send({ type: 'session.expire', errorCode, token: 'token-1' });
      expect(h.actor.getSnapshot().value).toEqual({ guest: 'sessionEnded' });
      expect(h.actor.getSnapshot().context.sessionEnded).toBe(errorCode);
      // The next login clears the notice.
      h.actor.send({ type: 'session.login', session: session(0), remember: false });
      expect(h.actor.getSnapshot().context).toMatchObject({ session: session(0), sessionEnded: null });
    },
  );

  it('a changed password ends the first-login and expired-password requests, in storage too', async () => {
    const h = await signedIn(0, { firstTimeLogin: true, passwordExpired: true });
    h.actor.send({ type: 'session.passwordChanged' });
    const expected = { ...session(0), firstTimeLogin: false, passwordExpired: false };
    expect(h.actor.getSnapshot().context.session).toEqual(expected);
    expect(h.rewriteSession).toHaveBeenCalledWith(expected);
  });
});

describe('app machine: the long-lived actors it supervises', () => {
  const started = async (stored: SessionInfo | null) => {
    const h = harness(inputs[0]!);
    h.actor.start();
    h.settleRestore().resolve(stored);
    await flush();
    return h;
  };

  it('runs each under its system id, once, and stops the balance with the session', async () => {
    const h = await started(session(0));
    const first = fromCallback(() => () => {});
    h.actor.send({ type: 'actor.spawn', systemId: 'balance', logic: first });
    const balance = h.actor.system.get('balance');
    expect(balance?.logic).toBe(first);
    // A second request while it runs changes nothing.
    h.actor.send({ type: 'actor.spawn', systemId: 'balance', logic: fromCallback(() => () => {}) });
    expect(h.actor.system.get('balance')).toBe(balance);
    h.actor.send({ type: 'session.logout' });
    expect(h.actor.system.get('balance')).toBeUndefined();
    expect(balance?.getSnapshot().status).toBe('stopped');
  });

  it('stops the actor of a screen that goes (a child of the app while the screen is mounted)', async () => {
    const h = await started(null);
    const screen = createActor(fromCallback(() => () => {}), { parent: h.actor, id: 'login' });
    screen.systemId = 'login';
    screen.start();
    expect(h.actor.system.get('login')).toBe(screen);
    h.actor.send({ type: 'actor.stop', systemId: 'login' });
    await flush();
    expect(h.actor.system.get('login')).toBeUndefined();
    expect(screen.getSnapshot().status).toBe('stopped');
  });

  it('tells the favourites and the launcher who is signed in', async () => {
    const h = await started(null);
    const heard: Record<string, boolean[]> = { favourites: [], launch: [] };
    const listener = (name: string) =>
      fromCallback<{ type: 'session.change'; loggedIn: boolean }>(({ receive }) => receive((e) => heard[name]!.push(e.loggedIn)));
    h.actor.send({ type: 'actor.spawn', systemId: 'favourites', logic: listener('favourites') });
    h.actor.send({ type: 'actor.spawn', systemId: 'launch', logic: listener('launch') });
    h.actor.send({ type: 'session.login', session: session(0), remember: false });
    h.actor.send({ type: 'session.logout' });
    expect(heard).toEqual({ favourites: [true, false], launch: [true, false] });
  });

  it('a session the server ended shows its notice for the short toast time, then the guest screen stays', async () => {
    vi.useFakeTimers();
    try {
      const h = await started(session(0));
      h.actor.send({ type: 'session.expire', errorCode: 'login.session.expired' });
      expect(h.actor.getSnapshot().value).toEqual({ guest: 'sessionEnded' });
      await vi.advanceTimersByTimeAsync(sessionEndedNoticeMs - 1);
      expect(h.actor.getSnapshot().context.sessionEnded).toBe('login.session.expired');
      await vi.advanceTimersByTimeAsync(1);
      expect(h.actor.getSnapshot().value).toEqual({ guest: 'idle' });
      expect(h.actor.getSnapshot().context.sessionEnded).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
