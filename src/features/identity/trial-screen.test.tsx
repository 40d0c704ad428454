import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeFailure, fakeServer } from '../../test/identity-fakes.ts';
import { renderApp } from '../../test/render-app.tsx';

const server = vi.hoisted(() => ({ current: null as ReturnType<typeof import('../../test/identity-fakes.ts').fakeServer> | null }));

vi.mock('../../app/identity-actors.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../app/identity-actors.ts')>();
  return {
    ...actual,
    identityDeps: () => ({ call: server.current!.call, sealer: server.current!.sealer }),
  };
});

let answers: Array<() => unknown>;

beforeEach(() => {
  answers = [];
  server.current = fakeServer({ '/wps/session/login/freeplay': () => answers.shift()!() });
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('trial screen', () => {
  it('says it is creating the account, then goes home signed in, with trialName kept for this tab', async () => {
    let answer: (value: unknown) => void = () => {};
    answers.push(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { router } = renderApp({ path: '/m/trail', storage: true });
    const status = await within(await screen.findByRole('main')).findByRole('status');
    expect(status.textContent).toContain('Creating your free trial account…');
    answer({ token: 'tok-trial', userName: 'trial_ab12cd', customerType: 4 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(sessionStorage.getItem('trialName')).toBe('trial_ab12cd');
    expect(JSON.parse(sessionStorage.getItem('MC_SESSION_INFO') ?? '{}')).toMatchObject({ userName: 'trial_ab12cd', type: 4 });
  });

  it('shows the failure with a retry that tries again', async () => {
    answers.push(() => {
      throw new FakeFailure('trial.limit');
    });
    answers.push(() => ({ token: 'tok-trial', userName: 'trial_zz99yy', customerType: 4 }));
    const { user, router } = renderApp({ path: '/m/trail' });
    const failure = await within(await screen.findByRole('main')).findByRole('alert');
    expect(failure.textContent).toContain('Too many trial accounts from this network, please try again later.');
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(server.current!.sent.map((s) => s.path)).toEqual(['/wps/session/login/freeplay', '/wps/session/login/freeplay']);
  });
});
