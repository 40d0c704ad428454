import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { appMachine } from './app.machine.ts';
import type { SessionInfo } from './session.ts';
import { type StatusAnswer, systemStatusMachine } from './system-status.machine.ts';
import { coverageOf, describePath, eventsOf, generatePaths, type PathSet } from './test/coverage.ts';

type Machine = typeof appMachine;
type Role = 'guest' | 'member' | 'trial' | 'agent';

/** The house plan's member types, written out independently of machines/session.ts. */
const roleByType: Record<number, Role> = { 0: 'member', 40: 'member', 4: 'trial', 1: 'agent', 2: 'agent', 41: 'agent', 42: 'agent' };
const memberTypes = Object.keys(roleByType).map(Number);

const session = (type: number): SessionInfo => ({
  token: `token-${type}`,
  merchantCode: 'demo',
  userName: `user${type}`,
  type,
  firstTimeLogin: false,
});

const maintenance: StatusAnswer = { status: 1, info: 'back soon', ip: '203.0.113.7' };
const inputs = [
  { language: 'EN', cachedStatus: null },
  { language: 'CN', cachedStatus: maintenance },
];

const events: AnyEventObject[] = [
  ...memberTypes.map((type) => ({ type: 'xstate.done.actor.restoreSession', output: session(type) })),
  { type: 'xstate.done.actor.restoreSession', output: null },
  { type: 'xstate.error.actor.restoreSession', error: new Error('MC_SESSION_INFO is not JSON') },
  ...memberTypes.map((type) => ({ type: 'session.login', session: session(type), remember: true })),
  { type: 'session.login', session: session(0), remember: false },
  { type: 'session.logout' },
  { type: 'session.expire' },
  { type: 'language.change', language: 'VI' },
];

const pathSets: PathSet<Machine>[] = generatePaths(appMachine, { inputs, events });

describe('app machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(appMachine, pathSets);
    expect(coverage.states).toEqual(['app.restoring', 'app.deciding', 'app.guest', 'app.member', 'app.trial', 'app.agent']);
    expect(coverage.transitions.length).toBe(14);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check fails when paths leave something out', () => {
    const withoutTrial = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => (e as { output?: SessionInfo; session?: SessionInfo }).output?.type === 4 || e.session?.type === 4)),
    }));
    const coverage = coverageOf(appMachine, withoutTrial);
    expect(coverage.missingStates).toEqual(['app.trial']);
    expect(coverage.missingTransitions).toEqual([
      'app.deciding --always [isTrial] #1--> app.trial',
      'app.trial --session.logout--> app.guest',
      'app.trial --session.expire--> app.guest',
    ]);
  });
});

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function harness(input: (typeof inputs)[number]) {
  let restore: { resolve: (s: SessionInfo | null) => void; reject: (e: unknown) => void } | undefined;
  const restoreSession = vi.fn(
    () =>
      new Promise<SessionInfo | null>((resolve, reject) => {
        restore = { resolve, reject };
      }),
  );
  const storeSession = vi.fn<(s: SessionInfo, remember: boolean) => void>();
  const forgetSession = vi.fn();
  const storeLanguage = vi.fn<(language: string) => void>();
  const fetchStatus = vi.fn(() => new Promise<StatusAnswer>(() => {}));
  const machine = appMachine.provide({
    actors: {
      restoreSession: fromPromise(() => restoreSession()),
      systemStatus: systemStatusMachine.provide({ actors: { fetchStatus: fromPromise(() => fetchStatus()) } }),
    },
    actions: {
      storeSession: (_, p) => storeSession(p.session, p.remember),
      forgetSession: () => forgetSession(),
      storeLanguage: (_, p) => storeLanguage(p.language),
    },
  });
  const actor = createActor(machine, { input });
  return { actor, settleRestore: () => restore!, restoreSession, storeSession, forgetSession, storeLanguage, fetchStatus };
}

describe.each(inputs)('app machine replayed with language $language and cached status $cachedStatus', (input) => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const paths = pathSets.find((s) => s.input === input)!.paths;

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const h = harness(input);
    // The user's model: who is signed in, in which language, and what was stored.
    let restoring = true;
    let current: SessionInfo | null = null;
    let language = input.language;
    const stored: Array<[SessionInfo, boolean]> = [];
    let forgotten = 0;
    const languages: string[] = [];
    const expectedRole = (): Role => (current ? roleByType[current.type]! : 'guest');

    const check = (modelState: { value: unknown; context: unknown }) => {
      const snap = h.actor.getSnapshot();
      expect(snap.status).toBe('active');
      expect(snap.value).toEqual(modelState.value);
      expect(snap.context).toEqual(modelState.context);
      expect(snap.value).toBe(restoring ? 'restoring' : expectedRole());
      expect(snap.context).toEqual({ session: current, language, cachedStatus: input.cachedStatus });
      expect(h.storeSession.mock.calls).toEqual(stored);
      expect(h.forgetSession).toHaveBeenCalledTimes(forgotten);
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
            stored.push([event.session, event.remember]);
          }
          break;
        case 'session.logout':
        case 'session.expire':
          h.actor.send(event as never);
          if (!restoring && current) {
            current = null;
            forgotten++;
          }
          break;
        case 'language.change':
          h.actor.send(event as never);
          language = event.language;
          languages.push(event.language);
          break;
        default:
          throw new Error(`no executor for ${event.type}`);
      }
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
    expect(h.actor.getSnapshot().value).toBe(role);
  });

  it('a login is stored, a logout forgets it and leaves a guest', async () => {
    const h = harness(inputs[0]!);
    h.actor.start();
    h.settleRestore().resolve(null);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('guest');
    h.actor.send({ type: 'session.login', session: session(42), remember: true });
    expect(h.actor.getSnapshot().value).toBe('agent');
    expect(h.storeSession).toHaveBeenCalledWith(session(42), true);
    h.actor.send({ type: 'session.logout' });
    expect(h.actor.getSnapshot().value).toBe('guest');
    expect(h.actor.getSnapshot().context.session).toBeNull();
    expect(h.forgetSession).toHaveBeenCalledTimes(1);
  });
});
