import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import en from '../../contract/messages/en.json';
import { type BalanceReading, balanceMachine } from '../../machines/balance.machine.ts';
import { systemStatusMachine } from '../../machines/system-status.machine.ts';
import { activeStateIds } from './active-states.ts';
import { InspectorPanel } from './inspector-panel.tsx';
import { InspectorStore } from './inspector-store.ts';
import { toJson } from './to-json.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const reading: BalanceReading = { currency: { code: 'PHP', symbol: '₱', minorUnits: 2 }, sumBalance: 1234 };

/** The real balance machine as the root of a system, its wallet call answered when the test says. */
function startBalance(store: InspectorStore) {
  const wallet = deferred<BalanceReading>();
  const logic = balanceMachine.provide({ actors: { loadWallet: fromPromise(() => wallet.promise) } });
  const actor = createActor(logic, { input: { hidden: false }, systemId: 'balance', inspect: store.inspect }).start();
  return { actor, answerWallet: () => wallet.resolve(reading) };
}

const renderPanel = (store: InspectorStore) =>
  render(
    <IntlProvider locale="en" messages={en}>
      <InspectorPanel store={store} initiallyOpen />
    </IntlProvider>,
  );

const stateNode = (figure: HTMLElement, id: string) => figure.querySelector(`[id="state:${id}"]`);

describe('the inspector panel', () => {
  it('lists the live actors; shows the active state on its diagram, the context and the events; drops stopped actors', async () => {
    const store = new InspectorStore();
    const { actor, answerWallet } = startBalance(store);
    renderPanel(store);

    const actors = await screen.findByRole('list', { name: 'Live actors' });
    const root = within(actors).getByRole('button', { name: /^balance/ });
    expect(root.textContent).toContain('active');
    expect(root.getAttribute('aria-pressed')).toBe('true');
    // The wallet call, a promise actor invoked by `loading`, listed under it.
    expect(within(actors).getByRole('button', { name: /^loadWallet/ }).textContent).toContain('not a machine');

    // The machine's committed diagram (docs/machines/balance.svg), its active states marked.
    const figure = await screen.findByRole('figure', { name: 'Diagram' });
    await waitFor(() => expect(stateNode(figure, 'balance.loading')?.getAttribute('data-active')).toBe('node'));
    expect(stateNode(figure, 'balance')?.getAttribute('data-active')).toBe('cluster');
    expect(stateNode(figure, 'balance.ready')?.hasAttribute('data-active')).toBe(false);

    const details = screen.getByRole('article', { name: 'balance' });
    expect(within(details).getByText(/"hidden": false/)).toBeTruthy();
    // Its own start, and the start of the child it invoked (events it received and sent).
    expect(within(details).getAllByRole('cell', { name: 'xstate.init' })).toHaveLength(2);

    act(() => actor.send({ type: 'balance.toggleHidden' }));
    const cell = await within(details).findByRole('cell', { name: 'balance.toggleHidden' });
    const row = within(cell.closest('tr')!);
    expect(row.getByRole('cell', { name: 'outside' })).toBeTruthy();
    expect(row.getByRole('cell', { name: 'balance' })).toBeTruthy();
    expect(within(details).getByText(/"hidden": true/)).toBeTruthy();

    // The wallet answers: the promise actor is done and leaves the list; the machine moves on.
    await act(async () => answerWallet());
    await waitFor(() => expect(within(actors).queryByRole('button', { name: /^loadWallet/ })).toBeNull());
    await waitFor(() => expect(stateNode(figure, 'balance.ready')?.getAttribute('data-active')).toBe('node'));
    expect(stateNode(figure, 'balance.loading')?.hasAttribute('data-active')).toBe(false);
    expect(within(details).getByRole('cell', { name: 'xstate.done.actor.loadWallet' })).toBeTruthy();

    act(() => actor.stop());
    expect(await screen.findByText('No actor is running.')).toBeTruthy();
  });

  it('shows a promise actor without a diagram, and collapses to a button', async () => {
    const store = new InspectorStore();
    const { actor } = startBalance(store);
    renderPanel(store);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^loadWallet/ }));
    const details = screen.getByRole('article', { name: 'loadWallet' });
    expect(within(details).getByText('Not a state machine: no diagram.')).toBeTruthy();
    expect(within(details).getByText('Snapshot')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Collapse the state inspector' }));
    expect(screen.queryByRole('region', { name: 'State inspector' })).toBeNull();
    const reopen = screen.getByRole('button', { name: 'States 2' });
    expect(reopen.title).toBe('Open the state inspector');
    await user.click(reopen);
    expect(screen.getByRole('region', { name: 'State inspector' })).toBeTruthy();
    actor.stop();
  });

  it('joins a running system: the actor and its children as its snapshot names them', async () => {
    const running = createActor(balanceMachine.provide({ actors: { loadWallet: fromPromise(() => new Promise<BalanceReading>(() => {})) } }), {
      input: { hidden: true },
    }).start();
    const store = new InspectorStore();
    const subscription = store.attach(running);
    expect(store.list().map(({ actor, depth }) => [actor.ref.id === running.id ? 'root' : actor.ref.id, depth])).toEqual([
      ['root', 0],
      ['loadWallet', 1],
    ]);
    running.send({ type: 'balance.toggleHidden' });
    expect(store.list()[0]?.actor.events.map((e) => e.type)).toEqual(['balance.toggleHidden']);
    subscription.unsubscribe();
    running.stop();
  });
});

describe('active state ids', () => {
  it('names every active node of a parallel machine, as the diagrams do', () => {
    const actor = createActor(systemStatusMachine, { input: { cached: null } });
    const ids = activeStateIds('systemStatus', actor.getSnapshot().value);
    expect(ids).toEqual(
      expect.arrayContaining(['state:systemStatus', 'state:systemStatus.connection', 'state:systemStatus.connection.fetching', 'state:systemStatus.status']),
    );
  });

  it('writes contexts holding actors, errors and cycles as JSON', () => {
    const child = createActor(balanceMachine, { input: { hidden: false } });
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    const json = JSON.parse(toJson({ child, error: new Error('boom'), cyclic, when: new Set([1]) }));
    expect(json).toEqual({ child: '[actor balance]', error: { name: 'Error', message: 'boom' }, cyclic: { name: 'a', self: '[circular]' }, when: [1] });
  });

  it('hides the text of the secrets a member typed, keeping whether there is one', () => {
    const request = { mode: 'reset', proof: 'Player#2026', newPassword: '123456', confirmPassword: '', answers: [{ questionId: 'firstPet', answer: 'Rex' }] };
    expect(JSON.parse(toJson({ type: 'pin.submit', request, loginPassword: 'pw' }))).toEqual({
      type: 'pin.submit',
      request: { mode: 'reset', proof: '[hidden]', newPassword: '[hidden]', confirmPassword: '', answers: [{ questionId: 'firstPet', answer: '[hidden]' }] },
      loginPassword: '[hidden]',
    });
  });
});
