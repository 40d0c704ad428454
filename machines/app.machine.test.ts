import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { appMachine } from './app.machine.ts';
import type { SessionInfo } from './session.ts';
import { type StatusAnswer, systemStatusMachine } from './system-status.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { appModel, inputs, session } from './test/models/app.model.ts';

type Role = 'guest' | 'member' | 'trial' | 'agent';

/** The house plan's member types, written out independently of machines/session.ts. */
const roleByType: Record<number, Role> = { 0: 'member', 40: 'member', 4: 'trial', 1: 'agent', 2: 'agent', 41: 'agent', 42: 'agent' };

const pathSets = modelPathSets(appModel);

describe('app machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(appMachine, pathSets);
    expect(coverage.states).toEqual([
      'app.restoring',
      'app.deciding',
      'app.guest',
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
    expect(coverage.transitions.length).toBe(30);
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
      'app.trial --session.expire [isCurrentSession]--> app.guest',
      'app.trial --session.passwordChanged--> (internal)',
      'app.trial.idle --session.renew--> app.trial.renewing',
      'app.trial.renewing --xstate.done.actor.renewSession--> app.trial.idle',
      'app.trial.renewing --xstate.error.actor.renewSession [isSessionEnded] #0--> app.guest',
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
    fetchStatus,
  };
}

describe.each(inputs)('app machine replayed with language $language and cached status $cachedStatus', (input) => {
  afterEach(() => {
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
    const expectedRole = (): Role => (current ? roleByType[current.type]! : 'guest');
    const endSession = (errorCode: string | null) => {
      current = null;
      renewing = false;
      forgotten++;
      if (errorCode) ended = errorCode;
    };

    const check = (modelState: { value: unknown; context: unknown }) => {
      const snap = h.actor.getSnapshot();
      expect(snap.status).toBe('active');
      expect(snap.value).toEqual(modelState.value);
      expect(snap.context).toEqual(modelState.context);
      const role = expectedRole();
      expect(snap.value).toEqual(restoring ? 'restoring' : role === 'guest' ? 'guest' : { [role]: renewing ? 'renewing' : 'idle' });
      expect(snap.context).toEqual({ session: current, language, cachedStatus: input.cachedStatus, sessionEnded: ended });
      expect(h.storeSession.mock.calls).toEqual(stored);
      expect(h.rewriteSession.mock.calls.map(([session]) => session)).toEqual(rewritten);
      // Logout and expiry forget the session and the remember-me device token alike (the account stays).
      expect(h.forgetSession).toHaveBeenCalledTimes(forgotten);
      expect(h.forgetDeviceToken).toHaveBeenCalledTimes(forgotten);
      expect(h.renew.inputs).toEqual(renewedTokens.map((token) => ({ token })));
      expect(h.storeLanguage.mock.calls.map(([l]) => l)).toEqual(languages);
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
          current = event.output;
          break;
        case 'xstate.error.actor.restoreSession':
          h.settleRestore().reject(event.error);
          restoring = false;
          current = null;
          break;
        case 'session.login':
          h.actor.send(event as never);
          if (!restoring && !current) {
            current = event.session;
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
    expect(h.actor.getSnapshot().value).toBe('guest');
    h.actor.send({ type: 'session.login', session: session(42), remember: true });
    expect(h.actor.getSnapshot().value).toEqual({ agent: 'idle' });
    expect(h.storeSession).toHaveBeenCalledWith(session(42), true);
    h.actor.send({ type: 'session.logout' });
    expect(h.actor.getSnapshot().value).toBe('guest');
    expect(h.actor.getSnapshot().context.session).toBeNull();
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
    expect(snap.value).toBe('guest');
    expect(snap.context).toMatchObject({ session: null, sessionEnded: 'login.not.session' });
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
      expect(h.actor.getSnapshot().value).toBe('guest');
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
