import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeWebSocket, installFakeWebSocket } from '../test/fake-web-socket.ts';
import { lobbyServer } from '../test/lobby-fakes.ts';
import { memberSession, renderApp, trialSession } from '../test/render-app.tsx';
import { openSideMenu } from '../test/side-menu.ts';

const launchAnswer = { 'GET /wps/cbs/launch': () => ({ chatUrl: '/m/chat' }) };

// The menu and the launcher come on demand; loaded here once, so the tests wait for the app.
beforeAll(() => Promise.all([import('../features/shell/side-menu.tsx'), import('../features/lobby/home-below.tsx'), import('./chat-launch-actors.ts')]));

beforeEach(() => {
  sessionStorage.setItem('NOTICE_POP', '1');
  installFakeWebSocket();
});

describe('customer service entries of the shell', () => {
  it("the home's floating button launches the chat for a guest, who is asked for a name and a contact", async () => {
    const server = lobbyServer({ answers: launchAnswer });
    const { user, router } = renderApp({ path: '/m/home' });
    const tappedAt = Date.now();
    await user.click(await screen.findByRole('button', { name: 'Customer service' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/chat'));
    expect(Date.now() - tappedAt).toBeGreaterThanOrEqual(500);
    const [launch] = server.to('/wps/cbs/launch');
    // Spec section 7's query (the page to come back to is the browser's address: the test's memory history has none).
    expect(Object.fromEntries(launch!.query)).toMatchObject({ module: 'CBS3', b2c: '1', language: 'EN', backUrl: expect.any(String) });
    expect(await screen.findByRole('heading', { name: 'Chat with customer service' })).toBeTruthy();
    // The floating button is the home's only.
    expect(screen.queryByRole('button', { name: 'Customer service' })).toBeNull();
  });

  it("the side menu's live customer service launches a member's chat", async () => {
    lobbyServer({ answers: launchAnswer });
    const { user, router } = renderApp({ path: '/m/home', session: { ...memberSession, token: 'tok-menu-chat' } });
    const menu = await openSideMenu(user);
    await user.click(within(menu).getByRole('button', { name: 'Customer service' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/chat'));
    await waitFor(() => expect(FakeWebSocket.opened).toHaveLength(1));
  });

  it('refuses a trial account for 1 s with a toast, without a launch', async () => {
    const server = lobbyServer({ answers: launchAnswer });
    const { user, router } = renderApp({ path: '/m/home', session: { ...trialSession, token: 'tok-trial-chat' } });
    await user.click(await screen.findByRole('button', { name: 'Customer service' }));
    const toast = await screen.findByText('Please log in to a real account to use this function');
    expect(toast.getAttribute('role')).toBe('status');
    await waitFor(() => expect(screen.queryByText('Please log in to a real account to use this function')).toBeNull(), { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/m/home');
    expect(server.to('/wps/cbs/launch')).toEqual([]);
  });

  it('shows why a launch failed (the CBS3 switch is off) and stays', async () => {
    lobbyServer({
      answers: {
        'GET /wps/cbs/launch': () => {
          throw { status: 403, errorCode: 'chat.disabled' };
        },
      },
    });
    const { user, router } = renderApp({ path: '/m/home' });
    await user.click(await screen.findByRole('button', { name: 'Customer service' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Live chat is not available at the moment.');
    expect(router.state.location.pathname).toBe('/m/home');
  });
});
