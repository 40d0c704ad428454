import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../machines/session.ts';
import { agentSession, memberSession, renderApp, trialSession } from '../test/render-app.tsx';
import { agentPaths, homeAliasPaths, memberPaths } from '../../contract/route-paths.ts';

async function settle(path: string, session: SessionInfo | null = null) {
  const view = renderApp({ path, session });
  await screen.findByRole('banner');
  await waitFor(() => expect(view.router.state.status).toBe('idle'));
  return view;
}

describe('routes', () => {
  it.each(homeAliasPaths)('%s shows home (replace to /m/home)', async (path) => {
    const { router, history } = await settle(path);
    expect(router.state.location.pathname).toBe('/m/home');
    expect(history.length).toBe(1);
  });

  it('sends unknown paths home with replace', async () => {
    const { router, history } = await settle('/m/does/not/exist');
    expect(router.state.location.pathname).toBe('/m/home');
    expect(history.length).toBe(1);
  });

  it('keeps the invitation of /m/register.html on the way to /m/register', async () => {
    const { router } = await settle('/m/register.html?affiliateCode=AB12');
    expect(router.state.location.pathname).toBe('/m/register');
    expect(router.state.location.search).toEqual({ affiliateCode: 'AB12' });
  });

  it.each(memberPaths)('%s sends a guest to login (replace), remembering the way back', async (path) => {
    const { router, history } = await settle(path);
    expect(router.state.location.pathname).toBe('/m/login');
    const { redirect } = router.state.location.search as { redirect?: string };
    expect(redirect?.split('?')[0]).toBe(path);
    expect(history.length).toBe(1);
  });

  it.each(memberPaths)('%s opens for a member', async (path) => {
    const { router } = await settle(path, memberSession);
    expect(router.state.location.pathname).toBe(path);
  });

  it('opens member screens for a trial account', async () => {
    const { router } = await settle('/m/webEmail', trialSession);
    expect(router.state.location.pathname).toBe('/m/webEmail');
  });

  it.each(agentPaths)('%s sends a member to home (replace)', async (path) => {
    const { router } = await settle(path, memberSession);
    expect(router.state.location.pathname).toBe('/m/home');
  });

  it.each(agentPaths)('%s opens for an agent', async (path) => {
    const { router } = await settle(path, agentSession);
    expect(router.state.location.pathname).toBe(path);
  });

  it('/m/changePsw sends a guest to login (replace), remembering the way back', async () => {
    const { router, history } = await settle('/m/changePsw');
    expect(router.state.location.pathname).toBe('/m/login');
    expect((router.state.location.search as { redirect?: string }).redirect).toBe('/m/changePsw');
    expect(history.length).toBe(1);
    expect(screen.queryByLabelText('Old password')).toBeNull();
  });

  it('/m/changePsw sends a trial account, which has no password, home (replace)', async () => {
    const { router, history } = await settle('/m/changePsw', trialSession);
    expect(router.state.location.pathname).toBe('/m/home');
    expect(history.length).toBe(1);
  });

  it('/m/changePsw opens for a member and an agent', async () => {
    expect((await settle('/m/changePsw', memberSession)).router.state.location.pathname).toBe('/m/changePsw');
    expect(await screen.findByLabelText('Old password')).toBeTruthy();
    cleanup();
    expect((await settle('/m/changePsw', agentSession)).router.state.location.pathname).toBe('/m/changePsw');
  });

  it('sends a guest on an agent screen home', async () => {
    const { router } = await settle('/m/agent');
    expect(router.state.location.pathname).toBe('/m/home');
  });
});

describe('search params', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['/m/help', { i: 0 }],
    ['/m/help?i=3', { i: 3 }],
    ['/m/help?i=abc', { i: 0 }],
    ['/m/help?i=-2', { i: 0 }],
    ['/m/notice?index=2', { index: 2 }],
    ['/m/notice?index=x', {}],
    ['/m/activityDetail?id=42', { id: '42' }],
    ['/m/activity?id=%3Cscript%3E', {}],
    ['/m/gameList?gameType=RNG&vassalage=PG', { gameType: 'RNG', vassalage: 'PG' }],
    ['/m/gameList?type=fav', { type: 'fav' }],
    ['/m/gameList?type=other', {}],
    ['/m/gameCenter', { gameCategory: 'HOME' }],
    ['/m/gameCenter?gameCategory=LIVE', { gameCategory: 'LIVE' }],
    ['/m/gameCenter?gameCategory=NOPE', { gameCategory: 'HOME' }],
    ['/m/register?affiliateCode=AB12', { affiliateCode: 'AB12' }],
    ['/m/register?affiliateCode=%2F%2Fevil', {}],
    ['/m/login?redirect=%2F%2Fevil.example', {}],
  ];

  // What the screen reads: the search its route's schema gave (the address keeps the plain text).
  it.each(cases)('%s -> %j', async (path, expected) => {
    const { router } = await settle(path);
    expect(stripUndefined(router.state.matches.at(-1)!.search)).toEqual(expected);
  });

  it.each([
    ['/m/transaction/record', memberSession, 'A'],
    ['/m/transaction/record?types=%24%24', memberSession, 'A'],
    ['/m/member/notice', agentSession, 'A'],
    ['/m/member/notice?types=B', agentSession, 'B'],
  ] as const)('%s has types %s', async (path, session, types) => {
    expect((await settle(path, session)).router.state.location.search).toEqual({ types });
  });
});

function stripUndefined(value: object) {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
