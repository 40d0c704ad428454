import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type BalanceReading, balanceMachine } from './balance.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { balanceModel, inputs, peso, reading } from './test/models/balance.model.ts';

const pathSets = modelPathSets(balanceModel);

describe('balance machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(balanceMachine, pathSets);
    expect(coverage.states).toEqual(['balance.loading', 'balance.ready', 'balance.failed']);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutVisible = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'page.visible')),
    }));
    expect(coverageOf(balanceMachine, withoutVisible).missingTransitions).toEqual([
      'balance.ready --page.visible--> balance.loading',
      'balance.failed --page.visible--> balance.loading',
    ]);
  });
});

function harness(hidden: boolean) {
  const load = deferred<BalanceReading, unknown>();
  const persistHidden = vi.fn();
  const actor = createActor(balanceMachine.provide({ actors: { loadWallet: load.logic }, actions: { persistHidden } }), {
    input: { hidden },
  });
  actor.start();
  return { actor, load, persistHidden };
}

/** What the widget shows: the amount or a mask, and whether the refresh spins. */
function widget(h: ReturnType<typeof harness>) {
  const s = h.actor.getSnapshot();
  const loading = s.matches('loading');
  const amount = s.context.reading ? `${s.context.reading.currency.symbol}${(s.context.reading.sumBalance / 100).toFixed(2)}` : null;
  return { shown: s.context.hidden || loading || !amount ? '****' : amount, loading, failed: s.matches('failed') };
}

describe.each(inputs)('balance machine replayed (hidden $hidden)', (input) => {
  it.each(pathSets.find((s) => s.input === input)!.paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const h = harness(input.hidden);
    let hidden = input.hidden;
    let loads = 1;
    let toggles = 0;
    for (const step of path.steps.slice(1)) {
      const event = step.event;
      const before = h.actor.getSnapshot();
      if (event.type === 'xstate.done.actor.loadWallet') h.load.resolve(event.output);
      else if (event.type === 'xstate.error.actor.loadWallet') h.load.reject(event.error);
      else {
        h.actor.send(event as never);
        if (event.type === 'balance.toggleHidden') {
          hidden = !hidden;
          toggles += 1;
        }
        else if (!before.matches('loading')) loads += 1;
      }
      await flush();
      expect(h.actor.getSnapshot().value).toEqual(step.state.value);
      expect(h.actor.getSnapshot().context).toEqual(step.state.context);
      expect(h.load.inputs.length).toBe(loads);
      expect(h.persistHidden).toHaveBeenCalledTimes(toggles);
      if (toggles) expect(h.persistHidden).toHaveBeenLastCalledWith(expect.anything(), { hidden });
      if (hidden || h.actor.getSnapshot().matches('loading')) expect(widget(h).shown).toBe('****');
    }
  });
});

describe('balance machine', () => {
  it('shows the balance once loaded, masks it while a refresh loads, and keeps the last reading after a failure', async () => {
    const h = harness(false);
    expect(widget(h)).toEqual({ shown: '****', loading: true, failed: false });
    h.load.resolve(reading);
    await flush();
    expect(widget(h)).toEqual({ shown: '₱1234.56', loading: false, failed: false });
    h.actor.send({ type: 'balance.refresh' });
    expect(widget(h)).toEqual({ shown: '****', loading: true, failed: false });
    h.load.reject({ errorCode: 'client.timeout' });
    await flush();
    expect(widget(h)).toEqual({ shown: '₱1234.56', loading: false, failed: true });
    expect(h.actor.getSnapshot().context.errorCode).toBe('client.timeout');
    h.actor.send({ type: 'page.visible' });
    h.load.resolve({ currency: peso, sumBalance: 200000 });
    await flush();
    expect(widget(h).shown).toBe('₱2000.00');
  });

  it('ignores refreshes while loading (one call at a time) and hides with asterisks', async () => {
    const h = harness(false);
    h.actor.send({ type: 'balance.refresh' });
    h.actor.send({ type: 'page.visible' });
    expect(h.load.inputs.length).toBe(1);
    h.load.resolve(reading);
    await flush();
    h.actor.send({ type: 'balance.toggleHidden' });
    expect(widget(h).shown).toBe('****');
    expect(h.persistHidden).toHaveBeenCalledWith(expect.anything(), { hidden: true });
  });
});
