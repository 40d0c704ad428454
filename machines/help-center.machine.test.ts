import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { type HelpEntry, helpCenterMachine, shownIndex } from './help-center.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { helpCenterModel, helpEntries } from './test/models/help-center.model.ts';

const pathSets = modelPathSets(helpCenterModel);

describe('help centre machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(helpCenterMachine, pathSets);
    expect(coverage.states).toEqual(['helpCenter.loading', 'helpCenter.ready', 'helpCenter.empty', 'helpCenter.failed']);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutRetry = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'help.retry')),
    }));
    expect(coverageOf(helpCenterMachine, withoutRetry).missingTransitions).toEqual(['helpCenter.failed --help.retry--> helpCenter.loading']);
  });
});

/** A `loadHelp` whose calls wait for the test; the latest call is the live one. */
function harness(selected = 0) {
  const calls: Array<{ resolve: (items: HelpEntry[]) => void; reject: (error: unknown) => void }> = [];
  const loadHelp = fromPromise<HelpEntry[]>(() => new Promise((resolve, reject) => calls.push({ resolve, reject })));
  const actor = createActor(helpCenterMachine.provide({ actors: { loadHelp } }), { input: { selected } });
  return { actor, calls };
}

type Pane =
  | { pane: 'loading' }
  | { pane: 'ready'; menu: string[]; shown: string }
  | { pane: 'empty' }
  | { pane: 'failed'; message: string; retry: true };

/** What the player sees: a skeleton, the menu with the shown item's title, no items, or a message with a retry button. */
function paneOf(actor: ReturnType<typeof harness>['actor']): Pane {
  const snap = actor.getSnapshot();
  if (snap.matches('ready')) return { pane: 'ready', menu: snap.context.items.map((i) => i.title), shown: snap.context.items[shownIndex(snap.context)]!.title };
  if (snap.matches('empty')) return { pane: 'empty' };
  if (snap.matches('failed')) return { pane: 'failed', message: snap.context.errorCode!, retry: true };
  return { pane: 'loading' };
}

describe('help centre machine replayed', () => {
  it.each(pathSets[0]!.paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const { actor, calls } = harness();
    actor.start();
    // The player's model: what the pane shows, the index asked for, how many loads were made.
    let selected = 0;
    let items: HelpEntry[] = [];
    let view: Pane = { pane: 'loading' };
    let loads = 1;
    const shown = (): Pane => ({ pane: 'ready', menu: items.map((i) => i.title), shown: items[selected < items.length ? selected : 0]!.title });
    for (const step of path.steps.slice(1)) {
      const event = step.event as AnyEventObject;
      if (event.type === 'xstate.done.actor.loadHelp') {
        calls.at(-1)!.resolve(event.output);
        items = event.output;
        view = items.length > 0 ? shown() : { pane: 'empty' };
      } else if (event.type === 'xstate.error.actor.loadHelp') {
        calls.at(-1)!.reject(event.error);
        view = { pane: 'failed', message: event.error.errorCode, retry: true };
      } else {
        actor.send(event as never);
        if (event.type === 'help.select') {
          selected = event.index;
          if (view.pane === 'ready') view = shown();
        } else if (event.type === 'language.change' || (event.type === 'help.retry' && view.pane === 'failed')) {
          loads++;
          view = { pane: 'loading' };
        }
      }
      await flush();
      expect(actor.getSnapshot().value).toEqual(step.state.value);
      expect(paneOf(actor)).toEqual(view);
      expect(calls).toHaveLength(loads);
    }
  });
});

describe('help centre machine', () => {
  it('shows the item the address asks for once the items arrive', async () => {
    const { actor, calls } = harness(1);
    actor.start();
    calls[0]!.resolve(helpEntries);
    await flush();
    expect(paneOf(actor)).toEqual({ pane: 'ready', menu: ['Deposits', 'Withdrawals'], shown: 'Withdrawals' });
  });

  it('a language change keeps the chosen item and drops the answer of the load it replaced', async () => {
    const { actor, calls } = harness();
    actor.start();
    actor.send({ type: 'help.select', index: 1 });
    actor.send({ type: 'language.change' });
    calls[0]!.resolve([{ title: 'Old', content: '' }]);
    calls[1]!.resolve([{ title: '存款', content: '' }, { title: '提款', content: '' }]);
    await flush();
    expect(paneOf(actor)).toEqual({ pane: 'ready', menu: ['存款', '提款'], shown: '提款' });
  });
});
