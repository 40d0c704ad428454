import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/identity-fakes.ts';
import { memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

const server = vi.hoisted(() => ({ current: null as ReturnType<typeof import('../../test/identity-fakes.ts').fakeServer> | null }));

vi.mock('../../app/identity-actors.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../app/identity-actors.ts')>();
  return {
    ...actual,
    identityDeps: () => ({ call: server.current!.call, sealer: server.current!.sealer }),
  };
});

let finishLogout: () => void;

beforeEach(() => {
  server.current = fakeServer({
    '/wps/session/logout': () =>
      new Promise((resolve) => {
        finishLogout = () => resolve(null);
      }),
  });
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const openDialog = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Log out' }));
  return screen.findByRole('alertdialog', { name: 'Are you sure you want to log out?' });
};

describe('logout dialog', () => {
  it('asks first, focusing Confirm; Cancel changes nothing', async () => {
    const { user } = renderApp({ path: '/m/home', session: memberSession });
    const dialog = await openDialog(user);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Confirm' })));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.current!.sent).toHaveLength(0);
  });

  it('shows "Please wait…" while logging out, then home as a guest with the session cleared and the account kept', async () => {
    sessionStorage.setItem('MC_SESSION_INFO', JSON.stringify(trialSession));
    sessionStorage.setItem('trialName', trialSession.userName);
    localStorage.setItem('MC_REMEMBER', JSON.stringify({ method: 'username', account: 'trial01', deviceToken: 'dev-9' }));
    const { user, router } = renderApp({ path: '/m/set', session: trialSession, storage: true });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByText('Please wait…')).getAttribute('role')).toBe('status');
    expect(server.current!.sent).toEqual([{ path: '/wps/session/logout', payload: { deviceToken: 'dev-9' } }]);
    finishLogout();
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(await within(await screen.findByRole('banner')).findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByText('Please wait…')).toBeNull();
    expect(sessionStorage.getItem('MC_SESSION_INFO')).toBeNull();
    expect(sessionStorage.getItem('trialName')).toBeNull();
    expect(JSON.parse(localStorage.getItem('MC_REMEMBER') ?? '{}')).toEqual({ method: 'username', account: 'trial01' });
  });
});
