import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedbackItem, FeedbackPage } from '../../../contract/feedback.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { memberSession, renderApp } from '../../test/render-app.tsx';

const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
const wallet = { merchant: { merchantCode: 'DEMO', currency: peso }, member: { memberId: 1001, balance: 100000, held: 0 }, sumBalance: 100000, updatedAt: '2026-11-28T10:00:00.000Z' };
const limits = { minWords: 5, maxWords: 8, imagesMax: 3, imageBytesMax: 5 * 1024 * 1024 };
const answered: FeedbackItem = {
  id: 7,
  type: 'withdrawal',
  content: 'My withdrawal is pending for two days.',
  status: 'answered',
  createdAt: '2026-11-27T09:00:00.000Z',
  images: [{ name: 'slip.png', type: 'image/png', size: 2048 }],
  replies: [{ id: 1, text: 'It was paid this morning.', createdAt: '2026-11-27T12:00:00.000Z' }],
};
const page: FeedbackPage = { limits, list: [answered], pageNo: 1, total: 1 };
/** A real PNG's first bytes (the site reads the file as it is; the server checks them). */
const pngFile = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'receipt.png', { type: 'image/png' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('feedback (/m/feedback)', () => {
  it("lists the member's feedback with the operator's reply, checks the words and images, and sends the form", async () => {
    const server = fetchServer({
      'GET /wps/wallets/gcs': () => wallet,
      'GET /wps/member/feedback': () => page,
      'POST /wps/member/feedback': (body) => {
        const { type, content } = body as { type: FeedbackItem['type']; content: string };
        return { ...answered, id: 8, type, content, status: 'open', replies: [], images: [{ name: 'receipt.png', type: 'image/png', size: 8 }] };
      },
    });
    const { user } = renderApp({ path: '/m/feedback', session: memberSession });
    const list = await screen.findByRole('list', { name: 'My feedback' });
    const [first] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Withdrawal issues');
    expect(first!.textContent).toContain('Replied');
    expect(first!.textContent).toContain('Images: 1');
    expect(first!.textContent).toContain('It was paid this morning.');

    // The spec's rule with the merchant's numbers, and the live count.
    expect(screen.getByText('Feedback content length between 5 and 8 words.')).toBeTruthy();
    const content = screen.getByLabelText('Content');
    await user.type(content, 'Too short here');
    expect(screen.getByText('3/8')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please choose a question type.');
    await user.selectOptions(screen.getByLabelText('Question type'), 'Game problem');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Feedback content length between 5 and 8 words.');
    expect(server.sent('POST', '/wps/member/feedback')).toEqual([]);

    // A GIF is refused as it is picked; a PNG shows with its remove button.
    const picker = screen.getByLabelText('Add image');
    // Past the picker's accept filter (a browser lets "all files" through).
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    fireEvent.change(picker, { target: { files: { 0: gif, length: 1, item: (i: number) => (i === 0 ? gif : null) } } });
    expect(await screen.findByText('Images must be PNG or JPG.')).toBeTruthy();
    await user.upload(picker, pngFile());
    expect(screen.getByRole('img', { name: 'receipt.png' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove receipt.png' }));
    expect(screen.queryByRole('img', { name: 'receipt.png' })).toBeNull();
    await user.upload(screen.getByLabelText('Add image'), pngFile());

    await user.clear(content);
    await user.type(content, 'The slot froze after my last spin.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Feedback sent')).toBeTruthy();
    const sent = server.sent('POST', '/wps/member/feedback');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      type: 'game',
      content: 'The slot froze after my last spin.',
      images: [{ name: 'receipt.png', type: 'image/png', data: 'iVBORw0KGgo=' }],
    });
    // On top of the list, waiting for a reply; the form is empty again.
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Awaiting reply');
    expect((content as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('img', { name: 'receipt.png' })).toBeNull();
  });

  it("shows the server's refusal and keeps what was entered", async () => {
    fetchServer({
      'GET /wps/wallets/gcs': () => wallet,
      'GET /wps/member/feedback': () => ({ ...page, list: [], total: 0 }),
      'POST /wps/member/feedback': () => refuse(400, 'upload.too.large'),
    });
    const { user } = renderApp({ path: '/m/feedback', session: memberSession });
    expect(await screen.findByRole('heading', { name: 'You have not sent any feedback yet.' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Question type'), 'Other');
    await user.type(screen.getByLabelText('Content'), 'Please add more slot games.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Each image may be at most 5 MB.');
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe('Please add more slot games.');
  });

  it('says why the list failed to load and loads it again on retry', async () => {
    let calls = 0;
    fetchServer({
      'GET /wps/wallets/gcs': () => wallet,
      'GET /wps/member/feedback': () => (++calls === 1 ? refuse(500, 'system.error') : page),
    });
    const { user } = renderApp({ path: '/m/feedback', session: memberSession });
    await user.click(await screen.findByRole('button', { name: 'Loading failed, click to retry' }));
    expect(await screen.findByRole('list', { name: 'My feedback' })).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('sends a guest to log in', async () => {
    fetchServer({ 'GET /wps/wallets/gcs': () => wallet });
    const { router } = renderApp({ path: '/m/feedback' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });
});
