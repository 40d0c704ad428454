import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeFailure, fakeServer } from '../../test/identity-fakes.ts';
import { memberSession, renderApp } from '../../test/render-app.tsx';

const server = vi.hoisted(() => ({ current: null as ReturnType<typeof import('../../test/identity-fakes.ts').fakeServer> | null }));

vi.mock('../../app/identity-actors.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../app/identity-actors.ts')>();
  return {
    ...actual,
    identityDeps: () => ({ call: server.current!.call, sealer: server.current!.sealer }),
  };
});

beforeEach(() => {
  server.current = fakeServer({
    '/wps/member/password': (payload) => {
      const p = payload as { oldPassword: string; newPassword: string };
      if (p.oldPassword !== 'Old#2026') throw new FakeFailure('modify.old.password.incorrect');
      return null;
    },
  });
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const fill = async (user: ReturnType<typeof renderApp>['user'], oldPassword: string, newPassword: string, confirm = newPassword) => {
  await user.clear(await screen.findByLabelText('Old password'));
  await user.type(screen.getByLabelText('Old password'), oldPassword);
  await user.clear(screen.getByLabelText('New password'));
  await user.type(screen.getByLabelText('New password'), newPassword);
  await user.clear(screen.getByLabelText('Confirm new password'));
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
};

describe('change password screen', () => {
  it('tells a first login and an expired password why a new one is asked', async () => {
    renderApp({ path: '/m/changePsw', session: { ...memberSession, firstTimeLogin: true } });
    expect(await screen.findByText('For your security, please set a new password.')).toBeTruthy();
    expect(screen.queryByText('Your password has expired. Please set a new password.')).toBeNull();
  });

  it('shows the expired-password copy', async () => {
    renderApp({ path: '/m/changePsw', session: { ...memberSession, passwordExpired: true } });
    expect(await screen.findByText('Your password has expired. Please set a new password.')).toBeTruthy();
  });

  it('a new password equal to the old one opens the Prompt popup with its one button', async () => {
    const { user } = renderApp({ path: '/m/changePsw', session: memberSession });
    await fill(user, 'Same#2026', 'Same#2026');
    const popup = await screen.findByRole('alertdialog', { name: 'Prompt' });
    expect(popup.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(popup).getByText('The new password cannot be the same as the old password.')).toBeTruthy();
    expect(within(popup).getAllByRole('button').map((b) => b.textContent)).toEqual(['OK']);
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.current!.sent).toHaveLength(0);
  });

  it('refuses a confirmation that does not match, without a call', async () => {
    const { user } = renderApp({ path: '/m/changePsw', session: memberSession });
    await fill(user, 'Old#2026', 'Next#2026', 'Other#2026');
    expect(await screen.findAllByText('Confirmation password not matched')).not.toHaveLength(0);
    expect(server.current!.sent).toHaveLength(0);
  });

  it('a refused change keeps the form with a clear message (docs/decisions.md)', async () => {
    const { user, router } = renderApp({ path: '/m/changePsw', session: memberSession });
    await fill(user, 'Wrong#2026', 'Next#2026');
    expect((await within(screen.getByRole('main')).findByRole('alert')).textContent).toBe('The old password is incorrect.');
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(false);
    expect(router.state.location.pathname).toBe('/m/changePsw');
  });

  it('after a change: the success message, the stored session no longer asks for a new password, then home', async () => {
    const firstLogin = { ...memberSession, firstTimeLogin: true, passwordExpired: true };
    sessionStorage.setItem('MC_SESSION_INFO', JSON.stringify(firstLogin));
    localStorage.setItem('MC_REMEMBER', JSON.stringify({ method: 'username', account: 'alice', deviceToken: 'dev-1' }));
    const { user, router } = renderApp({ path: '/m/changePsw', session: firstLogin, storage: true });
    await fill(user, 'Old#2026', 'Next#2026');
    expect((await within(screen.getByRole('main')).findByRole('status')).textContent).toBe('You have successfully changed your password.');
    expect(server.current!.sent).toEqual([
      { path: '/wps/member/password', payload: { oldPassword: 'Old#2026', newPassword: 'Next#2026', confirmNewPassword: 'Next#2026' } },
    ]);
    expect(JSON.parse(sessionStorage.getItem('MC_SESSION_INFO') ?? '{}')).toMatchObject({ firstTimeLogin: false, passwordExpired: false });
    // The server ended the remember-me sessions: the account stays, the device token goes.
    expect(JSON.parse(localStorage.getItem('MC_REMEMBER') ?? '{}')).toEqual({ method: 'username', account: 'alice' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
  });
});
