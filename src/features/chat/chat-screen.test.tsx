import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../contract/chat.ts';
import { chatGuestTokenKey } from '../../app/chat-actors.ts';
import { FakeWebSocket, installFakeWebSocket } from '../../test/fake-web-socket.ts';
import { lobbyServer } from '../../test/lobby-fakes.ts';
import { memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

let n = 0;
const fresh = <T extends { token: string }>(s: T) => ({ ...s, token: `tok-chat-${++n}` });

const message = (m: Partial<ChatMessage> & Pick<ChatMessage, 'seq'>): ChatMessage => ({
  conversationId: 7,
  author: 'member',
  kind: 'text',
  body: `Message ${m.seq}`,
  staffName: null,
  clientId: null,
  at: '2026-03-01T10:00:00.000Z',
  ...m,
});

/** The socket the screen opened, once it has. */
const socketOpened = () => waitFor(() => FakeWebSocket.latest());

beforeEach(() => {
  installFakeWebSocket();
});

describe('chat screen', () => {
  it('connects a member, shows staff messages as plain text with links, and reports them read', async () => {
    lobbyServer();
    const session = fresh(memberSession);
    renderApp({ path: '/m/chat', session });
    const log = await screen.findByRole('log', { name: 'Conversation with customer service' });
    expect(screen.getByText('Connecting…')).toBeTruthy();
    expect(within(log).getByText('Write your question below and customer service will answer here.')).toBeTruthy();
    const socket = await socketOpened();
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/wps\/cbs\/socket\?merchant=/);
    socket.accept();
    expect(socket.sent).toEqual([{ t: 'auth', as: 'member', token: session.token }]);
    socket.receive({ t: 'ready', conversationId: 7, staff: null, unread: 1, readSeq: 0 });
    await waitFor(() => expect(screen.queryByText('Connecting…')).toBeNull());
    socket.receive({ t: 'message', message: message({ seq: 1, kind: 'assigned', author: 'system', body: '', staffName: 'Ana' }) });
    socket.receive({
      t: 'message',
      message: message({ seq: 2, author: 'staff', staffName: 'Ana', body: 'See https://example.com/help. <img src=x onerror="window.hacked=1"> <b>bold</b>' }),
    });
    expect(await within(log).findByText('Ana joined the conversation')).toBeTruthy();
    const link = within(log).getByRole('link', { name: 'https://example.com/help' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['https://example.com/help', '_blank', 'noopener noreferrer']);
    expect(log.querySelector('img, b')).toBeNull();
    expect(within(log).getByText(/<img src=x onerror/)).toBeTruthy();
    expect(within(log).getByText('Ana')).toBeTruthy();
    await waitFor(() => expect(socket.frames('read')).toEqual([{ t: 'read', seq: 2, conversationId: 7 }]));
  });

  it('sends what the member writes with its own clientId, shows it sending until the echo, then the read receipt and the typing', async () => {
    lobbyServer();
    const { user } = renderApp({ path: '/m/chat', session: fresh(memberSession) });
    const socket = await socketOpened();
    socket.accept();
    socket.receive({ t: 'ready', conversationId: 7, staff: null, unread: 0, readSeq: 0 });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello there');
    expect(screen.getByText('11/1000')).toBeTruthy();
    expect(socket.frames('typing')).toEqual([{ t: 'typing' }]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const [sent] = socket.frames('send');
    expect(sent).toEqual({ t: 'send', clientId: expect.stringMatching(/^[0-9a-f]{24}1$/), body: 'Hello there' });
    const log = screen.getByRole('log');
    expect(within(log).getByText('Sending…')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(box);
    socket.receive({ t: 'message', message: message({ seq: 1, body: 'Hello there', clientId: sent!.clientId }) });
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
    expect(within(log).getAllByText('Hello there')).toHaveLength(1);
    socket.receive({ t: 'read', conversationId: 7, by: 'staff', seq: 1 });
    expect(await within(log).findByText('Read')).toBeTruthy();
    socket.receive({ t: 'typing', conversationId: 7, from: 'staff' });
    expect(await screen.findByText('Customer service is typing…')).toBeTruthy();
    // Enter sends too; Shift+Enter starts a new line.
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two{Enter}');
    expect(socket.frames('send').at(-1)).toMatchObject({ body: 'line one\nline two' });
  });

  it('marks a refused message failed with the reason, and sends it again with the same clientId', async () => {
    lobbyServer();
    const { user } = renderApp({ path: '/m/chat', session: fresh(memberSession) });
    const socket = await socketOpened();
    socket.accept();
    socket.receive({ t: 'ready', conversationId: 7, staff: null, unread: 0, readSeq: 0 });
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Fast{Enter}');
    const clientId = socket.frames('send')[0]!.clientId;
    socket.receive({ t: 'error', errorCode: 'chat.rate.limited', clientId });
    expect((await screen.findByRole('alert')).textContent).toBe('Not sent: You are sending messages too fast. Please wait a moment and try again.');
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(socket.frames('send')).toEqual([
      { t: 'send', clientId, body: 'Fast' },
      { t: 'send', clientId, body: 'Fast' },
    ]);
    expect(within(screen.getByRole('log')).getByText('Sending…')).toBeTruthy();
  });

  it('says when the connection is lost, reconnects on request, and sends what was not confirmed again', async () => {
    lobbyServer();
    const { user } = renderApp({ path: '/m/chat', session: fresh(memberSession) });
    const first = await socketOpened();
    first.accept();
    first.receive({ t: 'ready', conversationId: 7, staff: null, unread: 0, readSeq: 0 });
    first.receive({ t: 'message', message: message({ seq: 1 }) });
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Still there?{Enter}');
    first.drop();
    expect(await screen.findByText('Connection lost. Reconnecting…')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reconnect now' }));
    await waitFor(() => expect(FakeWebSocket.opened).toHaveLength(2));
    const second = FakeWebSocket.latest();
    second.accept();
    expect(second.sent[0]).toMatchObject({ t: 'auth', conversationId: 7, after: 1 });
    second.receive({ t: 'ready', conversationId: 7, staff: null, unread: 0, readSeq: 0 });
    expect(second.frames('send')).toEqual([{ t: 'send', clientId: first.frames('send')[0]!.clientId, body: 'Still there?' }]);
  });

  it('shows the refusal when the server refuses the member (4401) and stops', async () => {
    lobbyServer();
    renderApp({ path: '/m/chat', session: fresh(memberSession) });
    const socket = await socketOpened();
    socket.accept();
    socket.receive({ t: 'error', errorCode: 'chat.disabled', clientId: null });
    socket.drop(4401);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Live chat is not available' })).toBeTruthy();
    expect(alert.textContent).toContain('Live chat is not available at the moment.');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(FakeWebSocket.opened).toHaveLength(1);
  });

  it('refuses a trial account (spec section 6)', async () => {
    lobbyServer();
    renderApp({ path: '/m/chat', session: fresh(trialSession) });
    expect((await screen.findByRole('alert')).textContent).toContain('Please log in to a real account to use this function');
    expect(FakeWebSocket.opened).toEqual([]);
  });

  it('asks a guest for a name and a contact, starts the conversation, keeps its token and chats as guest', async () => {
    const server = lobbyServer({ answers: { 'POST /wps/cbs/guest': () => ({ token: 'guest-token-abc' }) } });
    const { user } = renderApp({ path: '/m/chat' });
    expect(await screen.findByRole('heading', { name: 'Chat with customer service' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Have an account? Log in to chat as a member.' }).getAttribute('href')).toBe('/m/login');
    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    expect(await screen.findAllByText('Please fill in this field.')).toHaveLength(2);
    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.type(name, 'Jo');
    await user.type(screen.getByRole('textbox', { name: 'Phone, e-mail or messenger ID' }), 'jo@example.com');
    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(server.to('/wps/cbs/guest', 'POST').map((r) => r.body)).toEqual([{ name: 'Jo', contact: 'jo@example.com' }]);
    expect(localStorage.getItem(chatGuestTokenKey)).toBe('guest-token-abc');
    await waitFor(() => expect(document.activeElement).toBe(box));
    const socket = await socketOpened();
    socket.accept();
    expect(socket.sent).toEqual([{ t: 'auth', as: 'guest', token: 'guest-token-abc' }]);
  });

  it('goes on with the guest conversation kept in the browser', async () => {
    localStorage.setItem(chatGuestTokenKey, 'guest-token-kept');
    lobbyServer();
    renderApp({ path: '/m/chat' });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    const socket = await socketOpened();
    socket.accept();
    expect(socket.sent).toEqual([{ t: 'auth', as: 'guest', token: 'guest-token-kept' }]);
    // The server no longer takes it: it is forgotten and the form shows again.
    socket.drop(4401);
    expect(await screen.findByRole('heading', { name: 'Chat with customer service' })).toBeTruthy();
    expect(localStorage.getItem(chatGuestTokenKey)).toBeNull();
  });
});
