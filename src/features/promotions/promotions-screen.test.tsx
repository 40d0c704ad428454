import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Promotion, PromotionStatus } from '../../../contract/promotions.ts';
import { memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
const wallet = { merchant: { merchantCode: 'DEMO', currency: peso }, member: { memberId: 1, balance: 0, held: 0 }, sumBalance: 0, updatedAt: '2026-11-22T10:00:00.000Z' };
const categories = [
  { id: 1, title: 'Deposit', iconImageUrl: '' },
  { id: 2, title: 'Daily', iconImageUrl: '' },
];
const promotion = (id: number, title: string, more: Partial<Promotion> = {}): Promotion => ({
  id,
  title,
  content: `<p>Rules of ${title}</p><script>window.hacked = true</script>`,
  startDate: '2026-11-01',
  endDate: '2026-12-31',
  noExpiry: 0,
  announcementImages: [
    { url: `/p${id}-2.png`, sequence: 2 },
    { url: `/p${id}-main.png`, sequence: 1 },
  ],
  promoAnnouncementCategoryIds: [1],
  mode: 'apply',
  bonusAmount: 10000,
  status: 'join',
  applicationId: null,
  rejectReason: null,
  ...more,
});
const welcome = promotion(1, 'Welcome bonus');
const daily = promotion(2, 'Daily check-in', { mode: 'join', promoAnnouncementCategoryIds: [2], noExpiry: 1, endDate: null });
const cashback = promotion(3, 'Cashback', { status: 'claim', applicationId: 30 });

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The server: answers by method and path; records every request with its body. */
function fakeServer(answers: Record<string, (body: unknown) => unknown | Promise<unknown>>) {
  const requests: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, body });
    const answer = answers[`${method} ${url.pathname}`];
    if (!answer) return new Response(JSON.stringify({ success: false, errorCode: 'request.not.found', message: 'no' }), { status: 404 });
    return new Response(JSON.stringify({ success: true, value: await answer(body) }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, sent: (path: string) => requests.filter((r) => r.method === 'POST' && r.path === path) };
}

const listServer = (promotions: Promotion[], more: Record<string, (body: unknown) => unknown | Promise<unknown>> = {}) =>
  fakeServer({
    'GET /wps/wallets/gcs': () => wallet,
    'GET /wps/promotions/categories': () => ({ list: categories }),
    'GET /wps/promotions': () => ({ list: promotions }),
    ...more,
  });

const item = (title: string) => screen.getByRole('button', { name: new RegExp(title) }).closest('li') as HTMLElement;
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

/** Files chosen in the picker, as the browser's file dialog hands them over. */
const pick = (picker: HTMLElement, files: File[]) => fireEvent.change(picker, { target: { files } });

let n = 0;
const freshMember = () => ({ ...memberSession, token: `tok-promo-${++n}` });

beforeEach(() => {
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:${(blob as File).name}`);
  URL.revokeObjectURL = vi.fn();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('promotions list', () => {
  it('shows every promotion with its main image, dates or long term, and filters by the chosen category', async () => {
    listServer([welcome, daily, cashback]);
    const { user } = renderApp({ path: '/m/activity' });
    const list = await screen.findByRole('list', { name: 'Promotions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(item('Welcome bonus')).getByText('2026-11-01 – 2026-12-31')).toBeTruthy();
    expect(within(item('Daily check-in')).getByText('Long term')).toBeTruthy();
    expect((item('Welcome bonus').querySelector('img') as HTMLImageElement).getAttribute('src')).toBe('/p1-main.png');
    const nav = screen.getByRole('navigation', { name: 'Promotion categories' });
    expect(within(nav).getByRole('button', { name: 'All', pressed: true })).toBeTruthy();

    await user.click(within(nav).getByRole('button', { name: 'Daily' }));
    expect(within(nav).getByRole('button', { name: 'Daily', pressed: true })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Promotions' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Welcome bonus/ })).toBeNull();

    // The content opens (accordion), sanitised: the script is gone.
    await user.click(screen.getByRole('button', { name: /Daily check-in/ }));
    expect(screen.getByRole('button', { name: /Daily check-in/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Rules of Daily check-in')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
  });

  it('opens and scrolls to the promotion the address names, on both routes', async () => {
    listServer([welcome, daily, cashback]);
    renderApp({ path: '/m/activityDetail?id=3' });
    expect(await screen.findByText('Rules of Cashback')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Cashback/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /Welcome bonus/ }).getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1));
    expect((vi.mocked(Element.prototype.scrollIntoView).mock.contexts[0] as HTMLElement).textContent).toContain('Cashback');
  });

  it('labels every status, with the reason of a rejection', async () => {
    const statuses: PromotionStatus[] = ['join', 'claim', 'applying', 'close', 'rejected', 'issued', 'claimed', 'joined', 'comingSoon'];
    listServer(statuses.map((status, i) => promotion(i + 1, `Promo ${status}`, { status, applicationId: 40 + i, rejectReason: status === 'rejected' ? 'Slip unreadable' : null })));
    const { user } = renderApp({ path: '/m/activity', session: freshMember() });
    await screen.findByRole('list', { name: 'Promotions' });
    const labels = screen.getAllByTestId('promotion-status').map((label) => label.textContent);
    expect(labels).toEqual(['Join', 'Claim', 'Applying', 'Closed', 'Rejected', 'Issued', 'Claimed', 'Joined', 'Coming soon']);
    await user.click(screen.getByRole('button', { name: /Promo rejected/ }));
    expect(screen.getByText('Reason: Slip unreadable')).toBeTruthy();
  });

  it('offers a retry when the promotions fail to load', async () => {
    let fail = true;
    fakeServer({
      'GET /wps/promotions/categories': () => ({ list: categories }),
      'GET /wps/promotions': () => {
        if (fail) throw new Error('down');
        return { list: [welcome] };
      },
    });
    const { user } = renderApp({ path: '/m/activity' });
    const retry = await screen.findByRole('button', { name: 'Loading failed, click to retry' }).catch(() => screen.findByRole('button', { name: /retry/i }));
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('button', { name: /Welcome bonus/ })).toBeTruthy();
  });
});

describe('taking part', () => {
  it('claims once however often it is tapped: process, then claimed', async () => {
    let release: () => void = () => {};
    const server = listServer([cashback], {
      'POST /wps/promotions/claims': () => new Promise((resolve) => (release = () => resolve({ promotion: { ...cashback, status: 'claimed' }, amount: 10000 }))),
    });
    const { user } = renderApp({ path: '/m/activity?id=3', session: freshMember() });
    const claim = await screen.findByRole('button', { name: 'Claim bonus' });
    await user.click(claim);
    await user.click(screen.getByRole('button', { name: 'Processing' }));
    expect(within(item('Cashback')).getByTestId('promotion-status').textContent).toBe('Processing');
    release();
    expect(await screen.findByText('Bonus claimed')).toBeTruthy();
    expect(within(item('Cashback')).getByTestId('promotion-status').textContent).toBe('Claimed');
    expect(server.sent('/wps/promotions/claims')).toEqual([{ method: 'POST', path: '/wps/promotions/claims', body: { applicationId: 30 } }]);
  });

  it('joins a promotion of mode join', async () => {
    const server = listServer([daily], { 'POST /wps/promotions/participations': () => ({ ...daily, status: 'joined', applicationId: 5 }) });
    const { user } = renderApp({ path: '/m/activity?id=2', session: freshMember() });
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Joined successfully')).toBeTruthy();
    expect(within(item('Daily check-in')).getByTestId('promotion-status').textContent).toBe('Joined');
    expect(server.sent('/wps/promotions/participations').map((r) => r.body)).toEqual([{ promotionId: 2 }]);
  });

  it('sends a guest to login', async () => {
    const server = listServer([welcome, daily]);
    const { user, router } = renderApp({ path: '/m/activity?id=1' });
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('refuses a trial account with the spec message', async () => {
    const server = listServer([welcome, daily]);
    const { user } = renderApp({ path: '/m/activity?id=1', session: trialSession });
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByText('Please login an actual account to use this function')).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: /Daily check-in/ }));
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please login an actual account to use this function');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});

describe('application sheet', () => {
  it('shows each rule and sends nothing refused, then applies and shows the new status', async () => {
    const server = listServer([welcome], { 'POST /wps/promotions/applications': () => ({ ...welcome, status: 'applying', applicationId: 77 }) });
    const { user } = renderApp({ path: '/m/activity?id=1', session: freshMember() });
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const sheet = await screen.findByRole('dialog', { name: 'Apply: Welcome bonus' });
    const comment = within(sheet).getByLabelText('Comment');
    const picker = within(sheet).getByLabelText('Add image');

    await user.type(comment, 'x'.repeat(141));
    expect(within(sheet).getByText('141/140')).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: 'Submit application' }));
    expect(await within(sheet).findByText('The comment may be at most 140 characters.')).toBeTruthy();
    await user.clear(comment);
    await user.type(comment, 'My slip');
    expect(within(sheet).getByText('7/140')).toBeTruthy();

    pick(picker, [file('anim.gif', 'image/gif')]);
    expect(within(sheet).getByRole('alert').textContent).toBe('Images must be PNG or JPG.');
    pick(picker, [file('huge.png', 'image/png', 6 * 1024 * 1024)]);
    expect(within(sheet).getByRole('alert').textContent).toBe('Each image may be at most 5 MB.');
    pick(picker, [file('a.png', 'image/png'), file('b.jpg', 'image/jpeg'), file('c.png', 'image/png'), file('d.png', 'image/png')]);
    expect(within(sheet).getByRole('alert').textContent).toBe('At most 3 images.');
    expect(within(sheet).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['a.png', 'b.jpg', 'c.png']);
    await user.click(within(sheet).getByRole('button', { name: 'Remove c.png' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:c.png');
    expect(server.sent('/wps/promotions/applications')).toEqual([]);

    await user.click(within(sheet).getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Application successful')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(within(item('Welcome bonus')).getByTestId('promotion-status').textContent).toBe('Applying'));
    const [sent] = server.sent('/wps/promotions/applications');
    expect(sent?.body).toEqual({
      promotionId: 1,
      comment: 'My slip',
      images: [
        { name: 'a.png', type: 'image/png', data: btoa('\0'.repeat(10)) },
        { name: 'b.jpg', type: 'image/jpeg', data: btoa('\0'.repeat(10)) },
      ],
    });
  });

  it("shows the server's refusal translated and keeps the form", async () => {
    fakeServer({
      'GET /wps/wallets/gcs': () => wallet,
      'GET /wps/promotions/categories': () => ({ list: categories }),
      'GET /wps/promotions': () => ({ list: [welcome] }),
    });
    const fetch = vi.mocked(globalThis.fetch);
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) =>
      String(input).includes('/applications')
        ? new Response(JSON.stringify({ success: false, errorCode: 'promotion.already.applied', message: 'no' }), { status: 409 })
        : answer(input, init),
    );
    const { user } = renderApp({ path: '/m/activity?id=1', session: freshMember() });
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const sheet = await screen.findByRole('dialog');
    await user.type(within(sheet).getByLabelText('Comment'), 'Again');
    await user.click(within(sheet).getByRole('button', { name: 'Submit application' }));
    expect(await within(sheet).findByText('You have already applied for this promotion.')).toBeTruthy();
    expect((within(sheet).getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('Again');
  });
});
