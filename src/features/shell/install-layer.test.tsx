import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadBarClosedKey } from '../../app/install-actors.ts';
import { watchInstallSignals } from '../../app/install-state.ts';
import { lobbyServer } from '../../test/lobby-fakes.ts';
import { renderApp } from '../../test/render-app.tsx';

// The page's signals, as src/main.tsx starts them.
beforeAll(() => watchInstallSignals());

/** Chromium offering its install prompt; the player's answer to it. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('the install layer', () => {
  it('is not there until the browser gives it something to do; then the home shows the download bar, and Install shows the browser’s prompt', async () => {
    lobbyServer();
    const { user } = renderApp({ path: '/m/home' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull();

    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    const bar = await screen.findByRole('region', { name: 'Install the app' });
    expect(within(bar).getByText(/^Add .+ to your home screen: it opens full screen, like an app\.$/)).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // Installed: the browser says so, and the bar goes.
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull());
  });

  it('closing the bar is remembered', async () => {
    lobbyServer();
    const { user } = renderApp({ path: '/m/home' });
    await screen.findByRole('heading', { level: 1 });
    offerInstall('dismissed');
    const bar = await screen.findByRole('region', { name: 'Install the app' });
    await user.click(within(bar).getByRole('button', { name: 'Close the download bar' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull());
    expect(localStorage.getItem(downloadBarClosedKey)).toBe('1');
  });

  it('says so when the network goes, and stops when it is back', async () => {
    lobbyServer();
    renderApp({ path: '/m/home' });
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No internet connection');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('No internet connection')).toBeNull());
  });
});
