/**
 * The chat's sockets in one server process (docs/chat.md). Each socket
 * authenticates with its first frame (member session, guest token or staff
 * token) within `chatAuthTimeoutMs`, then sends messages, typing and read
 * marks, and receives what concerns it.
 *
 * Delivery: whatever a process writes it publishes on the change bus (topic
 * `chat`): in process on PGlite, and with `pg_notify` to every process
 * sharing the PostgreSQL database. A process hands each event to its own
 * sockets. Every socket remembers the last `seq` it was sent per
 * conversation: a message with the next seq is sent as it came; a later one
 * (a notification overtook another, or carried no text) makes the socket
 * read what it lacks from the database first; an earlier one was already
 * sent. So a socket receives each message once and in order, and one that
 * reconnects with its last seq receives what it missed. When the bus was cut
 * (notifications may have been lost), every socket reads from the database
 * what followed its last seq.
 *
 * Limits per connection: `chatSendBurst` messages at once then one per
 * `chatSendRefillMs` (others are refused with `chat.rate.limited` and not
 * written), one typing frame per second, at most `floodFrames` frames per
 * `floodWindowMs` (else the socket is closed, 1008), frames of at most
 * 16 KiB (the plugin's `maxPayload`), and a socket whose unsent data passes
 * 1 MiB is closed (a reader that does not read).
 */
import type { WebSocket } from 'ws';
import {
  type ChatClientFrame,
  type ChatMessage,
  type ChatServerFrame,
  chatAuthTimeoutMs,
  chatCloseCodes,
  chatClientFrameSchema,
  chatErrorCodes,
  chatReplayLimit,
  chatSendBurst,
  chatSendRefillMs,
} from '../../../contract/chat.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import { trialTypes } from '../../../contract/session.ts';
import { changeBusOf } from '../../db/change-bus.ts';
import type { Database } from '../../db/connect.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionService } from '../session/session-service.ts';
import { hashToken } from '../session/tokens.ts';
import {
  assignConversation,
  closeConversation,
  conversationSummary,
  conversationUnread,
  guestConversationId,
  markRead,
  readMessages,
  type StaffRef,
  staffConversation,
  type Visitor,
  visitorConversation,
  visitorReadSeq,
  type Written,
  writeStaffMessage,
  writeVisitorMessage,
} from './service.ts';
import type { StaffAccounts } from './staff.ts';

const floodFrames = 40;
const floodWindowMs = 10_000;
const typingEveryMs = 1_000;
const maxBufferedBytes = 1 << 20;
/** How often open sockets' sessions are checked again (a logout elsewhere ends the member's chat). */
const recheckEveryMs = 60_000;

/** What a process publishes on the bus about a conversation. */
type ChatEvent =
  | { k: 'message'; c: number; merchant: string; member: number | null; seq: number; message: ChatMessage | null }
  | { k: 'typing'; c: number; from: 'visitor' | 'staff' }
  | { k: 'read'; c: number; merchant: string; by: 'visitor' | 'staff'; seq: number };

/** PostgreSQL's notification limit is 8,000 bytes: a longer event goes without its text (readers fetch it). */
const maxEventBytes = 7_000;

interface Connection {
  socket: WebSocket;
  merchantCode: string;
  chatEnabled: boolean;
  role: 'member' | 'guest' | 'staff' | null;
  token: string;
  visitor: Visitor | null;
  staff: StaffRef | null;
  /** A visitor's conversation (null before its first message). */
  conversationId: number | null;
  /** The last seq sent, per conversation this socket receives. */
  sent: Map<number, number>;
  /** Deliveries to this socket, one after the other. */
  chain: Promise<void>;
  tokens: number;
  refilledAt: number;
  typingAt: number;
  frames: number[];
  authTimer: NodeJS.Timeout | null;
}

export interface ChatHubOptions {
  db: Database;
  sessions: SessionService;
  staff: StaffAccounts;
  now: () => number;
  onError?: (error: unknown) => void;
}

export interface ChatHub {
  /**
   * Takes a new socket at once (frames that arrive before a listener is attached are lost) and
   * handles its frames once its merchant is known: null closes it (4400).
   */
  accept(socket: WebSocket, merchant: Promise<{ code: string; chatEnabled: boolean } | null>): void;
  /** Staff actions over HTTP publish what they wrote as socket messages do. */
  assign(staff: StaffRef, conversationId: number): Promise<void>;
  close(staff: StaffRef, conversationId: number): Promise<void>;
  readonly connections: number;
  shutdown(): void;
}

export function createChatHub(options: ChatHubOptions): ChatHub {
  const { db } = options;
  const bus = changeBusOf(db);
  const connections = new Set<Connection>();
  const watchers = new Map<number, Set<Connection>>();
  const memberConnections = new Map<number, Set<Connection>>();
  const staffConnections = new Map<string, Set<Connection>>();
  const report = (error: unknown) => options.onError?.(error);

  const add = <K>(map: Map<K, Set<Connection>>, key: K, conn: Connection) => {
    const set = map.get(key) ?? new Set<Connection>();
    map.set(key, set);
    set.add(conn);
  };
  const remove = <K>(map: Map<K, Set<Connection>>, key: K, conn: Connection) => {
    const set = map.get(key);
    set?.delete(conn);
    if (set?.size === 0) map.delete(key);
  };

  function send(conn: Connection, frame: ChatServerFrame): void {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    if (conn.socket.bufferedAmount > maxBufferedBytes) {
      conn.socket.close(chatCloseCodes.policy);
      return;
    }
    conn.socket.send(JSON.stringify(frame));
  }
  const refuse = (conn: Connection, errorCode: string, clientId: string | null = null) => send(conn, { t: 'error', errorCode, clientId });

  /** Runs `task` after the socket's earlier deliveries. */
  function enqueue(conn: Connection, task: () => Promise<void>): void {
    conn.chain = conn.chain.then(task).catch(report);
  }

  /** Sends what follows the socket's last seq of a conversation, read from the database. */
  async function catchUp(conn: Connection, conversationId: number): Promise<void> {
    for (;;) {
      const last = conn.sent.get(conversationId);
      if (last === undefined) return;
      const list = await readMessages(db, conversationId, { after: last });
      for (const message of list) sendMessage(conn, message);
      if (list.length < chatReplayLimit) return;
    }
  }

  function sendMessage(conn: Connection, message: ChatMessage): void {
    const last = conn.sent.get(message.conversationId) ?? 0;
    if (message.seq !== last + 1) return;
    conn.sent.set(message.conversationId, message.seq);
    send(conn, { t: 'message', message });
  }

  function deliver(conn: Connection, event: Extract<ChatEvent, { k: 'message' }>): void {
    enqueue(conn, async () => {
      const last = conn.sent.get(event.c);
      if (last === undefined || event.seq <= last) return;
      if (event.message && event.seq === last + 1) sendMessage(conn, event.message);
      else await catchUp(conn, event.c);
    });
  }

  /** A visitor's socket follows its conversation (the member opened a new one, maybe in another tab). */
  function follow(conn: Connection, conversationId: number, after: number): void {
    if (conn.conversationId !== null && conn.conversationId !== conversationId) {
      remove(watchers, conn.conversationId, conn);
      conn.sent.delete(conn.conversationId);
    }
    conn.conversationId = conversationId;
    if (!conn.sent.has(conversationId)) conn.sent.set(conversationId, after);
    add(watchers, conversationId, conn);
  }

  /** Staff sockets of a merchant: the conversation's line in their queue, computed once per process. */
  const summaryPending = new Set<number>();
  function refreshSummary(merchant: string, conversationId: number): void {
    if (!staffConnections.get(merchant)?.size || summaryPending.has(conversationId)) return;
    summaryPending.add(conversationId);
    setImmediate(() => {
      summaryPending.delete(conversationId);
      conversationSummary(db, conversationId)
        .then((conversation) => {
          if (!conversation) return;
          for (const conn of staffConnections.get(merchant) ?? []) send(conn, { t: 'conversation', conversation });
        })
        .catch(report);
    });
  }

  function onEvent(event: ChatEvent): void {
    if (event.k === 'message') {
      const targets = new Set(watchers.get(event.c));
      if (event.member !== null) {
        for (const conn of memberConnections.get(event.member) ?? []) {
          if (conn.merchantCode !== event.merchant) continue;
          if (conn.conversationId !== event.c) follow(conn, event.c, 0);
          targets.add(conn);
        }
      }
      for (const conn of targets) deliver(conn, event);
      refreshSummary(event.merchant, event.c);
    } else if (event.k === 'typing') {
      for (const conn of watchers.get(event.c) ?? []) {
        if ((conn.role === 'staff') === (event.from === 'visitor')) send(conn, { t: 'typing', conversationId: event.c, from: event.from });
      }
    } else {
      for (const conn of watchers.get(event.c) ?? []) {
        if ((conn.role === 'staff') === (event.by === 'visitor')) send(conn, { t: 'read', conversationId: event.c, by: event.by, seq: event.seq });
      }
      if (event.by === 'staff') refreshSummary(event.merchant, event.c);
    }
  }

  const unsubscribe = bus.subscribe('chat', (payload) => {
    if (payload === null) {
      // Notifications may have been lost: every socket reads what followed its last seq.
      for (const conn of connections) for (const c of conn.sent.keys()) enqueue(conn, () => catchUp(conn, c));
      return;
    }
    try {
      onEvent(JSON.parse(payload) as ChatEvent);
    } catch (error) {
      report(error);
    }
  });

  function publish(event: ChatEvent): void {
    let payload = JSON.stringify(event);
    if (event.k === 'message' && Buffer.byteLength(payload) > maxEventBytes) payload = JSON.stringify({ ...event, message: null });
    bus.publish('chat', payload).catch(report);
  }

  function publishWritten(written: Written[]): void {
    for (const w of written) {
      const { merchantCode: merchant, memberId: member } = w.conversation;
      if (w.created) publish({ k: 'message', c: w.message.conversationId, merchant, member, seq: w.message.seq, message: w.message });
    }
  }

  /** A message the sender already had written (sent again after a cut): it gets its echo if it missed it. */
  function echo(conn: Connection, written: Written[]): void {
    for (const w of written) {
      if (!w.created) enqueue(conn, () => catchUp(conn, w.message.conversationId));
    }
  }

  async function authenticate(conn: Connection, frame: Extract<ChatClientFrame, { t: 'auth' }>): Promise<void> {
    if (!conn.chatEnabled) {
      refuse(conn, chatErrorCodes.disabled);
      conn.socket.close(chatCloseCodes.unauthorized);
      return;
    }
    conn.token = frame.token;
    try {
      if (frame.as === 'staff') {
        conn.staff = await options.staff.authenticate(conn.merchantCode, frame.token);
        conn.role = 'staff';
        add(staffConnections, conn.merchantCode, conn);
        send(conn, { t: 'ready', conversationId: null, staff: { id: conn.staff.id, name: conn.staff.name }, unread: 0, readSeq: 0 });
        return;
      }
      if (frame.as === 'member') {
        const { member } = await options.sessions.authenticate(conn.merchantCode, frame.token, { fresh: true });
        if ((trialTypes as readonly number[]).includes(member.type)) {
          refuse(conn, errorCodes.freeReject);
          conn.socket.close(chatCloseCodes.unauthorized);
          return;
        }
        conn.visitor = { kind: 'member', merchantCode: conn.merchantCode, memberId: member.id };
        conn.role = 'member';
        add(memberConnections, member.id, conn);
      } else {
        const id = await guestConversationId(db, conn.merchantCode, hashToken(frame.token));
        if (id === null) throw new AppError(401, chatErrorCodes.unauthorized, 'Unknown guest.');
        conn.visitor = { kind: 'guest', merchantCode: conn.merchantCode, conversationId: id };
        conn.role = 'guest';
      }
      const conversation = await visitorConversation(db, conn.visitor);
      if (!conversation) {
        send(conn, { t: 'ready', conversationId: null, staff: null, unread: 0, readSeq: 0 });
        return;
      }
      const held = frame.conversationId === conversation.id ? Math.min(frame.after ?? 0, conversation.lastSeq) : 0;
      // A first visit receives the latest messages, a reconnection what it missed.
      const after = held === 0 ? Math.max(0, conversation.lastSeq - chatReplayLimit) : held;
      follow(conn, conversation.id, after);
      send(conn, {
        t: 'ready',
        conversationId: conversation.id,
        staff: null,
        unread: await conversationUnread(db, conversation, 'visitor'),
        readSeq: conversation.staffReadSeq,
      });
      enqueue(conn, () => catchUp(conn, conversation.id));
    } catch (error) {
      if (!(error instanceof AppError)) report(error);
      refuse(conn, chatErrorCodes.unauthorized);
      conn.socket.close(chatCloseCodes.unauthorized);
    }
  }

  /** A member's session still valid (a logout or a newer login elsewhere ends the chat too); staff likewise. */
  async function stillSignedIn(conn: Connection): Promise<boolean> {
    try {
      if (conn.role === 'member') await options.sessions.authenticate(conn.merchantCode, conn.token);
      else if (conn.role === 'staff') await options.staff.authenticate(conn.merchantCode, conn.token);
      return true;
    } catch {
      refuse(conn, chatErrorCodes.unauthorized);
      conn.socket.close(chatCloseCodes.unauthorized);
      return false;
    }
  }

  function takeToken(conn: Connection): boolean {
    const time = options.now();
    const refill = Math.floor((time - conn.refilledAt) / chatSendRefillMs);
    if (refill > 0) {
      conn.tokens = Math.min(chatSendBurst, conn.tokens + refill);
      conn.refilledAt += refill * chatSendRefillMs;
    }
    if (conn.tokens === 0) return false;
    if (conn.tokens === chatSendBurst) conn.refilledAt = time;
    conn.tokens--;
    return true;
  }

  async function onFrame(conn: Connection, frame: ChatClientFrame): Promise<void> {
    if (!conn.merchantCode) return;
    if (frame.t === 'auth') {
      if (conn.role !== null) return refuse(conn, chatErrorCodes.badFrame);
      if (conn.authTimer) clearTimeout(conn.authTimer);
      conn.authTimer = null;
      return authenticate(conn, frame);
    }
    if (conn.role === null) return;
    const staff = conn.staff;
    const visitor = conn.visitor;
    if (frame.t === 'send') {
      if (!takeToken(conn)) return refuse(conn, chatErrorCodes.rateLimited, frame.clientId);
      if (!(await stillSignedIn(conn))) return;
      try {
        if (staff) {
          if (frame.conversationId === undefined) return refuse(conn, chatErrorCodes.conversationNotFound, frame.clientId);
          if (!conn.sent.has(frame.conversationId)) await watch(conn, frame.conversationId, null);
          const written = await writeStaffMessage(db, staff, frame.conversationId, frame.clientId, frame.body);
          publishWritten(written);
          echo(conn, written);
        } else if (visitor) {
          const written = await writeVisitorMessage(db, visitor, frame.clientId, frame.body);
          if (conn.conversationId !== written.conversation.id) follow(conn, written.conversation.id, written.message.seq - 1);
          publishWritten([written]);
          echo(conn, [written]);
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refuse(conn, error.errorCode, frame.clientId);
      }
      return;
    }
    const conversationId = staff ? frame.conversationId : (conn.conversationId ?? undefined);
    if (frame.t === 'watch') {
      if (staff) await watch(conn, frame.conversationId, frame.after);
      return;
    }
    if (conversationId === undefined || !conn.sent.has(conversationId)) return;
    if (frame.t === 'typing') {
      const time = options.now();
      if (time - conn.typingAt < typingEveryMs) return;
      conn.typingAt = time;
      publish({ k: 'typing', c: conversationId, from: staff ? 'staff' : 'visitor' });
      return;
    }
    // read
    const by = staff ? 'staff' : 'visitor';
    const mark = await markRead(db, by, conversationId, frame.seq);
    if (mark !== null) publish({ k: 'read', c: conversationId, merchant: conn.merchantCode, by, seq: mark });
  }

  /**
   * Staff: receive a conversation's messages after `after` (null: from now on) and its live events.
   * Runs in the socket's turn (called while its frame is handled), so a reply written right after
   * it is delivered to this socket too.
   */
  async function watch(conn: Connection, conversationId: number, after: number | null): Promise<void> {
    const staff = conn.staff;
    if (!staff) return;
    const conversation = await staffConversation(db, staff, conversationId).catch(() => null);
    if (!conversation) return refuse(conn, chatErrorCodes.conversationNotFound);
    if (!conn.sent.has(conversationId)) conn.sent.set(conversationId, Math.min(after ?? conversation.lastSeq, conversation.lastSeq));
    add(watchers, conversationId, conn);
    await catchUp(conn, conversationId);
    // What the visitor has seen so far (read receipts), as a read frame would say it.
    const seen = await visitorReadSeq(db, conversationId);
    if (seen > 0) send(conn, { t: 'read', conversationId, by: 'visitor', seq: seen });
  }

  function drop(conn: Connection): void {
    connections.delete(conn);
    if (conn.authTimer) clearTimeout(conn.authTimer);
    for (const c of conn.sent.keys()) remove(watchers, c, conn);
    if (conn.visitor?.kind === 'member') remove(memberConnections, conn.visitor.memberId, conn);
    if (conn.staff) remove(staffConnections, conn.merchantCode, conn);
  }

  const recheck = setInterval(() => {
    for (const conn of connections) if (conn.role === 'member' || conn.role === 'staff') void stillSignedIn(conn);
  }, recheckEveryMs);
  recheck.unref();

  return {
    accept(socket, merchant) {
      const conn: Connection = {
        socket,
        merchantCode: '',
        chatEnabled: false,
        role: null,
        token: '',
        visitor: null,
        staff: null,
        conversationId: null,
        sent: new Map(),
        chain: Promise.resolve(),
        tokens: chatSendBurst,
        refilledAt: options.now(),
        typingAt: 0,
        frames: [],
        authTimer: null,
      };
      connections.add(conn);
      enqueue(conn, async () => {
        const found = await merchant;
        if (!found) {
          socket.close(chatCloseCodes.unknownMerchant);
          return;
        }
        conn.merchantCode = found.code;
        conn.chatEnabled = found.chatEnabled;
      });
      conn.authTimer = setTimeout(() => {
        if (conn.role === null) socket.close(chatCloseCodes.authTimeout);
      }, chatAuthTimeoutMs);
      socket.on('message', (data, isBinary) => {
        const time = options.now();
        conn.frames.push(time);
        while (conn.frames.length > 0 && conn.frames[0]! <= time - floodWindowMs) conn.frames.shift();
        if (conn.frames.length > floodFrames) {
          socket.close(chatCloseCodes.policy);
          return;
        }
        let frame: ChatClientFrame;
        try {
          if (isBinary) throw new Error('binary');
          const parsed = chatClientFrameSchema.safeParse(JSON.parse(String(data)));
          if (!parsed.success) throw new Error('frame');
          frame = parsed.data;
        } catch {
          // In turn with the frames before it.
          enqueue(conn, async () => {
            refuse(conn, chatErrorCodes.badFrame);
            if (conn.role === null) socket.close(chatCloseCodes.unauthorized);
          });
          return;
        }
        // Frames of one socket are handled in order.
        enqueue(conn, () => onFrame(conn, frame));
      });
      socket.on('close', () => drop(conn));
      socket.on('error', () => drop(conn));
    },
    async assign(staff, conversationId) {
      const written = await assignConversation(db, staff, conversationId);
      if (written) publishWritten([written]);
    },
    async close(staff, conversationId) {
      const written = await closeConversation(db, staff, conversationId);
      publishWritten([written]);
    },
    get connections() {
      return connections.size;
    },
    shutdown() {
      clearInterval(recheck);
      unsubscribe();
      for (const conn of connections) conn.socket.close(1001);
    },
  };
}
