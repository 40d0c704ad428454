import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { type TermsItem, termsMachine, termsMissingMessage } from './terms.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { termsItem, termsModel } from './test/models/terms.model.ts';

const pathSets = modelPathSets(termsModel);

describe('terms machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(termsMachine, pathSets);
    expect(coverage.states).toEqual(['terms.closed', 'terms.loading', 'terms.shown', 'terms.failed']);
    expect(coverage.transitions).toEqual([
      'terms.closed --terms.open [isLoaded] #0--> terms.shown',
      'terms.closed --terms.open #1--> terms.loading',
      'terms.loading --terms.close--> terms.closed',
      'terms.loading --xstate.done.actor.loadTerms [isFound] #0--> terms.shown',
      'terms.loading --xstate.done.actor.loadTerms #1--> terms.failed',
      'terms.loading --xstate.error.actor.loadTerms--> terms.failed',
      'terms.shown --terms.close--> terms.closed',
      'terms.failed --terms.retry--> terms.loading',
      'terms.failed --terms.close--> terms.closed',
    ]);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutRetry = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'terms.retry')),
    }));
    expect(coverageOf(termsMachine, withoutRetry).missingTransitions).toEqual(['terms.failed --terms.retry--> terms.loading']);
  });
});

/** A `loadTerms` whose calls wait for the test; the latest call is the live one (a closed sheet drops its load). */
function harness() {
  const calls: Array<{ resolve: (item: TermsItem | null) => void; reject: (error: unknown) => void }> = [];
  const loadTerms = fromPromise<TermsItem | null>(() => new Promise((resolve, reject) => calls.push({ resolve, reject })));
  const actor = createActor(termsMachine.provide({ actors: { loadTerms } }));
  return { actor, calls };
}

type Sheet =
  | { sheet: 'closed' }
  | { sheet: 'loading' }
  | { sheet: 'shown'; title: string; content: string }
  | { sheet: 'failed'; message: string; retry: true };

/** What the player sees of the terms: no sheet, a skeleton, the terms, or a message with a retry button. */
function sheetOf(actor: ReturnType<typeof harness>['actor']): Sheet {
  const snap = actor.getSnapshot();
  if (snap.matches('loading')) return { sheet: 'loading' };
  if (snap.matches('shown')) return { sheet: 'shown', title: snap.context.item!.title, content: snap.context.item!.content };
  if (snap.matches('failed')) return { sheet: 'failed', message: snap.context.errorCode!, retry: true };
  return { sheet: 'closed' };
}

describe('terms machine replayed', () => {
  it.each(pathSets[0]!.paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const { actor, calls } = harness();
    actor.start();
    // The player's model: what the sheet shows, what was loaded, how many loads were asked for.
    let view: Sheet = { sheet: 'closed' };
    let loaded: TermsItem | null = null;
    let loads = 0;
    const load = () => {
      loads++;
      view = { sheet: 'loading' };
    };
    for (const step of path.steps.slice(1)) {
      const event = step.event as AnyEventObject;
      if (event.type === 'xstate.done.actor.loadTerms') {
        calls.at(-1)!.resolve(event.output);
        loaded = event.output ?? loaded;
        view = event.output ? { sheet: 'shown', ...event.output } : { sheet: 'failed', message: termsMissingMessage, retry: true };
      } else if (event.type === 'xstate.error.actor.loadTerms') {
        calls.at(-1)!.reject(event.error);
        // A failure without an errorCode (no network) reads as client.network.
        view = { sheet: 'failed', message: event.error?.errorCode ?? 'client.network', retry: true };
      } else {
        actor.send(event as never);
        // Events the sheet does not offer where it is change nothing.
        if (event.type === 'terms.close' && view.sheet !== 'closed') view = { sheet: 'closed' };
        else if (event.type === 'terms.retry' && view.sheet === 'failed') load();
        else if (event.type === 'terms.open' && view.sheet === 'closed') {
          if (loaded) view = { sheet: 'shown', ...loaded };
          else load();
        }
      }
      await flush();
      expect(actor.getSnapshot().value).toEqual(step.state.value);
      expect(sheetOf(actor)).toEqual(view);
      expect(calls).toHaveLength(loads);
    }
  });
});

describe('terms machine', () => {
  it('opens loaded terms again without loading them again', async () => {
    const { actor, calls } = harness();
    actor.start();
    actor.send({ type: 'terms.open' });
    calls[0]!.resolve(termsItem);
    await flush();
    actor.send({ type: 'terms.close' });
    actor.send({ type: 'terms.open' });
    expect(sheetOf(actor)).toEqual({ sheet: 'shown', ...termsItem });
    expect(calls).toHaveLength(1);
  });

  it('ignores an answer that comes after the sheet was closed', async () => {
    const { actor, calls } = harness();
    actor.start();
    actor.send({ type: 'terms.open' });
    actor.send({ type: 'terms.close' });
    calls[0]!.resolve(termsItem);
    await flush();
    expect(sheetOf(actor)).toEqual({ sheet: 'closed' });
    // Nothing was kept: opening loads again.
    actor.send({ type: 'terms.open' });
    expect(sheetOf(actor)).toEqual({ sheet: 'loading' });
    expect(calls).toHaveLength(2);
  });

  it('a retry after a missing item clears the message while it loads', async () => {
    const { actor, calls } = harness();
    actor.start();
    actor.send({ type: 'terms.open' });
    calls[0]!.resolve(null);
    await flush();
    expect(sheetOf(actor)).toEqual({ sheet: 'failed', message: 'identity.terms.missing', retry: true });
    actor.send({ type: 'terms.retry' });
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    calls[1]!.resolve(termsItem);
    await flush();
    expect(sheetOf(actor)).toEqual({ sheet: 'shown', ...termsItem });
  });
});
