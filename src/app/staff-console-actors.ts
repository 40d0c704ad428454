/**
 * The staff console machine (machines/staff-console.machine.ts) with its
 * real side effects: the staff endpoints of contract/chat.ts, each call with
 * the staff token in `Authorization`; the chat's browser socket; the staff
 * session kept in this tab's session storage, so a reload stays signed in.
 *
 * Staff calls go through a client of their own (the merchant and the
 * language, never the member session of the same browser): a staff token the
 * server refuses must not read as the member's session ending, and the
 * member's token has no business on the staff endpoints.
 *
 * Imported only by the staff console's screen (a lazily loaded route), never
 * by the first load.
 */
import { type AnyActorLogic, fromPromise } from 'xstate';
import {
  staffAssignEndpoint,
  staffCloseEndpoint,
  staffHistoryEndpoint,
  staffLoginEndpoint,
  staffLogoutEndpoint,
  staffMessagesEndpoint,
  staffQueueEndpoint,
} from '../../contract/chat.ts';
import { headerNames } from '../../contract/endpoint.ts';
import { staffConsoleMachine } from '../../machines/staff-console.machine.ts';
import type { StaffConsoleInput, StaffSession, TokenInput } from '../../machines/staff-console.setup.ts';
import { type ApiCall, createApiClient } from '../api/client.ts';
import { merchantCode } from './api.ts';
import { browserChatSocket } from './chat-socket.ts';
import { readLanguage, safe } from './storage.ts';

/** The staff session of this tab, in session storage. */
export const staffSessionKey = 'MC_STAFF_SESSION';

function isStaffSession(value: unknown): value is StaffSession {
  if (!value || typeof value !== 'object') return false;
  const { token, staff } = value as Record<string, unknown>;
  if (typeof token !== 'string' || token.length === 0 || !staff || typeof staff !== 'object') return false;
  const { id, name } = staff as Record<string, unknown>;
  return typeof id === 'number' && typeof name === 'string';
}

export function readStaffSession(): StaffSession | null {
  return safe(() => {
    const raw = sessionStorage.getItem(staffSessionKey);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isStaffSession(value) ? { token: value.token, staff: { id: value.staff.id, name: value.staff.name } } : null;
  }, null);
}

export function writeStaffSession(session: StaffSession) {
  safe(() => sessionStorage.setItem(staffSessionKey, JSON.stringify(session)), undefined);
}

export function clearStaffSession() {
  safe(() => sessionStorage.removeItem(staffSessionKey), undefined);
}

const idAlphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 12 random letters and digits: the start of this page's reply ids (contract: [A-Za-z0-9_-]{8,64}). */
export function newClientIdPrefix(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => idAlphabet[b % idAlphabet.length]).join('');
}

/** The machine's input on this page: the session kept for the tab, and a fresh reply id prefix. */
export function staffConsoleInput(): StaffConsoleInput {
  return { session: readStaffSession(), clientIdPrefix: newClientIdPrefix() };
}

/** The staff endpoints' client: the merchant and the language; the token goes with each call. */
export const staffApiCall: ApiCall = createApiClient({ headers: () => ({ merchant: merchantCode, language: readLanguage() }) });

const withToken = (token: string) => ({ [headerNames.authorization]: token });

export interface StaffConsoleDeps {
  call: ApiCall;
  socket: AnyActorLogic;
  remember: (session: StaffSession) => void;
  forget: () => void;
}

const browserDeps: StaffConsoleDeps = { call: staffApiCall, socket: browserChatSocket, remember: writeStaffSession, forget: clearStaffSession };

export function provideStaffConsoleMachine(deps: StaffConsoleDeps = browserDeps) {
  const { call } = deps;
  return staffConsoleMachine.provide({
    actors: {
      staffLogin: fromPromise(async ({ input }: { input: { username: string; password: string } }) => call(staffLoginEndpoint, { body: input })),
      staffLogout: fromPromise(async ({ input }: { input: TokenInput }) => {
        await call(staffLogoutEndpoint, { extraHeaders: withToken(input.token) });
      }),
      loadQueue: fromPromise(async ({ input, signal }: { input: TokenInput; signal: AbortSignal }) => {
        const { list } = await call(staffQueueEndpoint, { extraHeaders: withToken(input.token), signal });
        return list;
      }),
      loadMessages: fromPromise(async ({ input, signal }: { input: TokenInput & { conversationId: number }; signal: AbortSignal }) =>
        call(staffMessagesEndpoint, { query: { conversationId: input.conversationId, before: undefined }, extraHeaders: withToken(input.token), signal }),
      ),
      assignConversation: fromPromise(async ({ input }: { input: TokenInput & { conversationId: number } }) =>
        call(staffAssignEndpoint, { body: { conversationId: input.conversationId }, extraHeaders: withToken(input.token) }),
      ),
      closeConversation: fromPromise(async ({ input }: { input: TokenInput & { conversationId: number } }) =>
        call(staffCloseEndpoint, { body: { conversationId: input.conversationId }, extraHeaders: withToken(input.token) }),
      ),
      searchHistory: fromPromise(async ({ input, signal }: { input: TokenInput & { q: string; pageNo: number }; signal: AbortSignal }) =>
        call(staffHistoryEndpoint, { query: { q: input.q, pageNo: input.pageNo }, extraHeaders: withToken(input.token), signal }),
      ),
      chatSocket: deps.socket as typeof browserChatSocket,
    },
    actions: {
      rememberStaff: (_, params) => deps.remember(params.session),
      forgetStaff: () => deps.forget(),
    },
  });
}
