import { waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lobbyServer } from '../../test/lobby-fakes.ts';
import { openSideMenu } from '../../test/side-menu.ts';
import { agentSession, demoSettings, memberSession, renderApp } from '../../test/render-app.tsx';

// The menu and the lobby code it loads come on demand; loaded here once, so the tests wait for the app.
beforeAll(() => Promise.all([import('./side-menu.tsx'), import('../../app/lobby-actors.ts')]));

// The home's notice popup is not part of these tests (each starts with empty storage: src/test/setup.ts).
beforeEach(() => {
  sessionStorage.setItem('NOTICE_POP', '1');
});

describe('left side menu', () => {
  it('gives a member the favourites entry, which opens the favourites list', async () => {
    lobbyServer();
    const { user, router } = renderApp({ path: '/m/home', session: memberSession });
    const menu = await openSideMenu(user);
    const favourites = await within(menu).findByRole('link', { name: 'Favourites' });
    expect(favourites.getAttribute('href')).toBe('/m/gameList?type=fav');
    await user.click(favourites);
    await waitFor(() => expect(router.state.location.href).toBe('/m/gameList?type=fav'));
  });

  it('lists the languages the merchant offers, each named in its own language', async () => {
    lobbyServer();
    const { user } = renderApp({ path: '/m/home' });
    const menu = await openSideMenu(user);
    const languages = within(within(menu).getByRole('region', { name: 'Language' })).getAllByRole('button');
    // The fake merchant offers EN and CN (src/test/lobby-fakes.ts).
    expect(languages.map((b) => [b.textContent, b.getAttribute('lang')])).toEqual([
      ['简体中文', 'zh-CN'],
      ['English', 'en'],
    ]);
    expect(languages.find((b) => b.textContent === 'English')?.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the reward center and VIP room by their switches, and share by role and the referral program', async () => {
    lobbyServer();
    const switches = { ...demoSettings.switches, POINTSMALL3: true, VIPROOM3: false, REFERRAL3: true } as typeof demoSettings.switches;
    const member = renderApp({ path: '/m/home', session: memberSession, settings: { ...demoSettings, switches } });
    let menu = await openSideMenu(member.user);
    expect((await within(menu).findByRole('link', { name: 'Reward center' })).getAttribute('href')).toBe('/m/mall/mallHome');
    expect(within(menu).queryByRole('link', { name: 'VIP room' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Invite friends' }).getAttribute('href')).toBe('/m/inviteFriends');
    member.unmount();

    const agent = renderApp({ path: '/m/home', session: agentSession, settings: { ...demoSettings, switches: { ...switches, VIPROOM3: true } } });
    menu = await openSideMenu(agent.user);
    expect((await within(menu).findByRole('link', { name: 'VIP room' })).getAttribute('href')).toBe('/m/member/benefits');
    expect(within(menu).queryByRole('link', { name: 'Invite friends' })).toBeNull();
    agent.unmount();

    const guest = renderApp({ path: '/m/home' });
    menu = await openSideMenu(guest.user);
    expect((await within(menu).findByRole('link', { name: 'Invite friends' })).getAttribute('href')).toBe('/m/login');
    expect(within(menu).queryByRole('link', { name: 'Reward center' })).toBeNull();
    guest.unmount();

    // Without the referral program a member has no share entry; a guest still has it (it leads to the login).
    const withoutReferral = { ...switches, REFERRAL3: false };
    const plain = renderApp({ path: '/m/home', session: memberSession, settings: { ...demoSettings, switches: withoutReferral } });
    menu = await openSideMenu(plain.user);
    await within(menu).findByRole('link', { name: 'Reward center' });
    expect(within(menu).queryByRole('link', { name: 'Invite friends' })).toBeNull();
    plain.unmount();
    const guestWithout = renderApp({ path: '/m/home', settings: { ...demoSettings, switches: withoutReferral } });
    menu = await openSideMenu(guestWithout.user);
    expect((await within(menu).findByRole('link', { name: 'Invite friends' })).getAttribute('href')).toBe('/m/login');
  });
});
