import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hotGamesEndpoint } from '../../../contract/games.ts';
import type { StatusAnswer } from '../../../machines/system-status.machine.ts';
import { lobbyServer } from '../../test/lobby-fakes.ts';
import { memberSession, renderApp } from '../../test/render-app.tsx';

describe('site status', () => {
  it('shows the site while the status is unknown', async () => {
    renderApp({ path: '/m/home' });
    expect(await screen.findByRole('heading', { name: 'Welcome to M Casino' })).toBeTruthy();
  });

  it('shows the site when the status is normal', async () => {
    renderApp({ path: '/m/home', status: { status: 0, info: '', ip: '1.2.3.4' } });
    expect(await screen.findByRole('heading', { name: 'Welcome to M Casino' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The platform is under maintenance' })).toBeNull();
  });

  it('shows the maintenance page with the server text instead of the site', async () => {
    renderApp({ path: '/m/home', status: { status: 1, info: 'Back at 06:00 GMT+8', ip: '1.2.3.4' } });
    expect(await screen.findByRole('heading', { name: 'The platform is under maintenance' })).toBeTruthy();
    expect(screen.getByText('Back at 06:00 GMT+8')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('shows the maintenance page as soon as a call is answered system.maintenance (the status is asked again)', async () => {
    let answer: StatusAnswer = { status: 0, info: '', ip: '1.2.3.4' };
    lobbyServer({
      answers: {
        [`GET ${hotGamesEndpoint.path}`]: () => {
          answer = { status: 1, info: 'Back at 06:00 GMT+8', ip: '1.2.3.4' };
          throw { status: 503, errorCode: 'system.maintenance' };
        },
      },
    });
    renderApp({ path: '/m/hot-games', status: () => answer });
    expect(await screen.findByRole('heading', { name: 'The platform is under maintenance' })).toBeTruthy();
    expect(screen.getByText('Back at 06:00 GMT+8')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('falls back to the standard maintenance text', async () => {
    renderApp({ path: '/m/home', status: { status: 1, info: '', ip: '' } });
    expect(await screen.findByText('System upgrading, please try again later.')).toBeTruthy();
  });

  it('shows the restricted page with the visitor IP instead of the site', async () => {
    renderApp({ path: '/m/member/home', session: memberSession, status: { status: 2, info: '', ip: '203.0.113.9' } });
    expect(await screen.findByRole('heading', { name: 'Access restricted' })).toBeTruthy();
    expect(screen.getByText('Your IP address: 203.0.113.9')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});

describe('shell layout', () => {
  it('titles the document after the screen', async () => {
    renderApp({ path: '/m/help' });
    await screen.findByRole('heading', { level: 1, name: 'Help center' });
    await waitFor(() => expect(document.title).toBe('Help center | M Casino'));
  });

  it('greets a member by name on home', async () => {
    renderApp({ path: '/m/home', session: memberSession });
    expect(await screen.findByRole('heading', { name: 'Welcome back, alice' })).toBeTruthy();
  });
});
