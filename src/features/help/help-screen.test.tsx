import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HelpItem } from '../../../contract/help.ts';
import { renderApp } from '../../test/render-app.tsx';

const items: HelpItem[] = [
  { key: null, title: 'How to deposit', content: '<p>Open <b>Deposit</b> and choose a channel.</p>', language: 'EN' },
  { key: 'terms', title: 'Terms and conditions', content: '<p>You must be 21.</p><img src="x" onerror="window.hacked=1">', language: 'EN' },
];

/** The server's help centre: answers each GET with `answer()`, recording the language asked for. */
function fakeHelpServer(answer: () => Response) {
  const languages: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname !== '/wps/system/helpCenter') return new Response(JSON.stringify({ success: false, errorCode: 'request.not.found', message: 'no' }), { status: 404 });
    languages.push(url.searchParams.get('lang') ?? '');
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return { languages };
}
const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('help centre (/m/help)', () => {
  it('lists the titles and shows the first item, sanitised', async () => {
    fakeHelpServer(() => ok(items));
    renderApp({ path: '/m/help' });
    const menu = await screen.findByRole('navigation', { name: 'Help topics' });
    const buttons = await within(menu).findAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['How to deposit', 'Terms and conditions']);
    expect(buttons[0]!.getAttribute('aria-current')).toBe('page');
    const article = await screen.findByRole('article', { name: 'How to deposit' });
    await within(article).findByText('Deposit');
  });

  it('?i= chooses the item, a menu tap changes the address, and script in the content never runs', async () => {
    fakeHelpServer(() => ok(items));
    const { user, router } = renderApp({ path: '/m/help?i=1' });
    const article = await screen.findByRole('article', { name: 'Terms and conditions' });
    await within(article).findByText('You must be 21.');
    expect(article.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'How to deposit' }));
    await screen.findByRole('article', { name: 'How to deposit' });
    expect(router.state.location.search).toEqual({ i: 0 });
  });

  it('an index past the end shows the first item', async () => {
    fakeHelpServer(() => ok(items));
    renderApp({ path: '/m/help?i=9' });
    await screen.findByRole('article', { name: 'How to deposit' });
  });

  it('says so when there are no items', async () => {
    fakeHelpServer(() => ok([]));
    renderApp({ path: '/m/help' });
    await screen.findByRole('heading', { name: 'No help topics yet' });
  });

  it('a failed load shows the reason and loads again on retry', async () => {
    let fail = true;
    const server = fakeHelpServer(() =>
      fail ? new Response(JSON.stringify({ success: false, errorCode: 'system.error', message: 'x' }), { status: 503 }) : ok(items),
    );
    const { user } = renderApp({ path: '/m/help' });
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'How to deposit' });
    expect(server.languages).toEqual(['EN', 'EN']);
  });
});
