/**
 * The sockets, the load and the checks of `npm run bench:chat`
 * (bench-chat.ts): members' and a staff member's chat sockets
 * (contract/chat.ts) on the real server, a closed-loop message load on them,
 * and afterwards a comparison of what each socket received with what the
 * database holds.
 *
 * Each member sends a message, waits for its echo (the `message` frame with
 * its clientId), and sends the next one no sooner than `paceMs` after the
 * previous one: under the per-connection limit of one a second (after a
 * burst of five), so nothing is refused. The staff socket watches a sample
 * of the members' conversations and replies in them in turn, as fast as its
 * own limit lets it (one socket: one reply a second). Every body carries the
 * sender's id of the message and its send time; latencies are measured in
 * this process from the send to the frame's arrival: the member's echo on
 * the member's socket, a staff reply on the member's socket.
 *
 * Every message frame a socket receives is checked as it comes: the next seq
 * of its conversation, no gap, no duplicate. After the load (server
 * stopped), `checkDatabase` compares the database with what was sent and
 * received.
 */
import { performance } from 'node:perf_hooks';
import { asc } from 'drizzle-orm';
import WebSocket from 'ws';
import { type ChatClientFrame, type ChatServerFrame, chatErrorCodes, chatSendBurst } from '../../contract/chat.ts';
import type { Database } from '../../server/db/connect.ts';
import { chatConversations, chatMessages } from '../../server/db/schema-chat.ts';

export interface BenchMember {
  id: number;
  index: number;
  token: string;
}

type Auth = { as: 'member' | 'staff'; token: string };

export interface ChatConnection {
  /** Milliseconds from opening the socket to its `ready` frame. */
  readonly readyMs: number;
  readonly open: boolean;
  send(frame: ChatClientFrame): void;
  close(): void;
  terminate(): void;
}

/**
 * Opens a chat socket and authenticates it (the first frame); resolves on `ready`, rejects on a
 * refusal, a close or `timeoutMs`. Every later frame goes to `onFrame` with its arrival time.
 */
export function connectChat(
  url: string,
  auth: Auth,
  onFrame: (frame: ChatServerFrame, at: number) => void,
  onClose: (code: number) => void,
  timeoutMs: number,
): Promise<ChatConnection> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const ws = new WebSocket(url, { perMessageDeflate: false });
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.terminate();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`no ready frame in ${timeoutMs} ms`)), timeoutMs);
    ws.on('open', () => ws.send(JSON.stringify({ t: 'auth', as: auth.as, token: auth.token } satisfies ChatClientFrame)));
    ws.on('message', (data) => {
      const at = performance.now();
      let frame: ChatServerFrame;
      try {
        frame = JSON.parse(String(data)) as ChatServerFrame;
      } catch {
        frame = { t: 'error', errorCode: 'bench.unparsable.frame', clientId: null };
      }
      if (!settled) {
        if (frame.t === 'ready') {
          settled = true;
          clearTimeout(timer);
          const readyMs = at - started;
          resolve({
            readyMs,
            get open() {
              return ws.readyState === WebSocket.OPEN;
            },
            send: (f) => ws.send(JSON.stringify(f)),
            close: () => ws.close(1000),
            terminate: () => ws.terminate(),
          });
          return;
        }
        if (frame.t === 'error') return fail(new Error(`authentication refused: ${frame.errorCode}`));
      }
      onFrame(frame, at);
    });
    ws.on('close', (code) => {
      if (!settled) fail(new Error(`closed (${code}) before ready`));
      else onClose(code);
    });
    // After `ready` an error is followed by `close`; the listener keeps `ws` from throwing it.
    ws.on('error', (error) => fail(error));
  });
}

interface MemberSocket {
  member: BenchMember;
  conn: ChatConnection | null;
  conversationId: number | null;
  /** Seqs of the message frames received, in arrival order. */
  seqs: number[];
  /** clientId -> send time, of messages whose echo has not come. */
  pending: Map<string, number>;
  /** clientIds sent. */
  sent: string[];
  echoed: Set<string>;
  /** Wakes the member's loop when its echo (or a refusal) came. */
  wake: (() => void) | null;
}

export interface ChatLoadOptions {
  socketUrl: string;
  members: BenchMember[];
  staffToken: string;
  /** Least time between two sends of one socket, ms. */
  paceMs: number;
  /** Conversations the staff socket watches and replies in. */
  staffSample: number;
  readyTimeoutMs: number;
}

export interface ConnectResult {
  connected: number;
  failed: number;
  firstFailure: string | null;
  seconds: number;
  socketsPerSecond: number;
  readyP50Ms: number;
  readyP99Ms: number;
}

export interface LoadResult {
  seconds: number;
  /** Texts written and confirmed by their echo within the load window (members' and staff's), per second. */
  messagesPerSecond: number;
  /** Message frames received by all sockets within the load window, per second. */
  deliveriesPerSecond: number;
  memberMessagesSent: number;
  memberMessagesEchoed: number;
  staffRepliesSent: number;
  staffRepliesEchoed: number;
  staffRepliesDeliveredToMembers: number;
  staffConversations: number;
  echoP50Ms: number;
  echoP99Ms: number;
  echoMaxMs: number;
  staffToMemberP50Ms: number;
  staffToMemberP99Ms: number;
  staffToMemberSamples: number;
  refused: number;
  /** Error frames other than refusals, by code. */
  errorFrames: Record<string, number>;
  /** Sockets the server closed during the run. */
  unexpectedCloses: number;
  /** Message frames out of order: a seq skipped, or one received twice. */
  seqGaps: number;
  seqDuplicates: number;
  /** Message frames of a conversation that is not the member's. */
  foreignMessages: number;
  /** Sends whose echo never came (after the drain). */
  undelivered: number;
  conversationFramesToStaff: number;
}

export interface DatabaseCheck {
  rows: number;
  memberRows: number;
  staffRows: number;
  assignedRows: number;
  failures: string[];
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Staff replies on their way at most (under the burst of `chatSendBurst`). */
const staffOutstanding = chatSendBurst - 1;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createChatLoad(options: ChatLoadOptions) {
  const sockets: MemberSocket[] = options.members.map((member) => ({
    member,
    conn: null,
    conversationId: null,
    seqs: [],
    pending: new Map(),
    sent: [],
    echoed: new Set(),
    wake: null,
  }));
  let staff: ChatConnection | null = null;
  /** Staff replies: clientId -> send time (kept: members measure against it). */
  const staffSentAt = new Map<string, number>();
  const staffPending = new Set<string>();
  let staffWake: (() => void) | null = null;
  /** Seqs the staff socket received per watched conversation. */
  const staffSeqs = new Map<number, number[]>();
  const staffSent: { clientId: string; conversationId: number }[] = [];

  const echoLatencies: number[] = [];
  const staffLatencies: number[] = [];
  const errorFrames: Record<string, number> = {};
  let memberRefused = 0;
  let staffRefused = 0;
  let unexpectedCloses = 0;
  let seqGaps = 0;
  let seqDuplicates = 0;
  let foreignMessages = 0;
  let staffDelivered = 0;
  let staffEchoed = 0;
  let conversationFrames = 0;
  let closing = false;
  /** Set after the drain: loops still waiting give up. */
  let stopped = false;
  let loadWindow = { start: Number.POSITIVE_INFINITY, end: Number.NEGATIVE_INFINITY };
  let writtenInWindow = 0;
  let deliveriesInWindow = 0;
  let lastFrameAt = performance.now();

  const inWindow = (at: number) => at >= loadWindow.start && at <= loadWindow.end;
  const countError = (code: string) => {
    errorFrames[code] = (errorFrames[code] ?? 0) + 1;
  };
  /** Checks a frame's seq against the ones before it. */
  const follow = (seqs: number[], seq: number) => {
    const last = seqs.at(-1) ?? 0;
    if (seq <= last) seqDuplicates++;
    else if (seq !== last + 1) seqGaps++;
    seqs.push(seq);
  };

  function onMemberFrame(s: MemberSocket, frame: ChatServerFrame, at: number): void {
    lastFrameAt = at;
    if (frame.t === 'message') {
      const m = frame.message;
      if (inWindow(at)) deliveriesInWindow++;
      s.conversationId ??= m.conversationId;
      if (m.conversationId !== s.conversationId) {
        foreignMessages++;
        return;
      }
      follow(s.seqs, m.seq);
      if (m.author === 'member' && m.clientId !== null) {
        const sentAt = s.pending.get(m.clientId);
        if (sentAt === undefined) return;
        s.pending.delete(m.clientId);
        s.echoed.add(m.clientId);
        if (sentAt >= loadWindow.start) echoLatencies.push(at - sentAt);
        if (inWindow(at)) writtenInWindow++;
        s.wake?.();
      } else if (m.author === 'staff' && m.clientId !== null) {
        const sentAt = staffSentAt.get(m.clientId);
        if (sentAt === undefined) return;
        staffLatencies.push(at - sentAt);
        staffDelivered++;
      }
    } else if (frame.t === 'error') {
      if (frame.errorCode === chatErrorCodes.rateLimited) memberRefused++;
      else countError(frame.errorCode);
      if (frame.clientId !== null && s.pending.delete(frame.clientId)) s.wake?.();
    }
  }

  function onStaffFrame(frame: ChatServerFrame, at: number): void {
    lastFrameAt = at;
    if (frame.t === 'conversation') {
      conversationFrames++;
    } else if (frame.t === 'message') {
      const m = frame.message;
      if (inWindow(at)) deliveriesInWindow++;
      const seqs = staffSeqs.get(m.conversationId);
      if (!seqs) {
        foreignMessages++;
        return;
      }
      follow(seqs, m.seq);
      if (m.author === 'staff' && m.clientId !== null && staffPending.delete(m.clientId)) {
        staffEchoed++;
        if (inWindow(at)) writtenInWindow++;
        staffWake?.();
      }
    } else if (frame.t === 'error') {
      if (frame.errorCode === chatErrorCodes.rateLimited) staffRefused++;
      else countError(frame.errorCode);
      if (frame.clientId !== null && staffPending.delete(frame.clientId)) staffWake?.();
    }
  }

  /** Sends the member's next message and waits for its echo (or a refusal, or the socket's end). */
  async function sendAndWait(s: MemberSocket, conn: ChatConnection): Promise<void> {
    const clientId = `bench-${s.member.index}-${s.sent.length + 1}`;
    const answered = new Promise<void>((resolve) => {
      s.wake = resolve;
    });
    s.pending.set(clientId, performance.now());
    s.sent.push(clientId);
    conn.send({ t: 'send', clientId, body: `bench ${clientId} sent ${Date.now()}` });
    await answered;
    s.wake = null;
  }

  async function memberLoop(s: MemberSocket, deadline: number, startAt: number): Promise<void> {
    await sleep(Math.max(0, startAt - performance.now()));
    const conn = s.conn;
    while (conn?.open && !stopped && performance.now() < deadline) {
      const sentAt = performance.now();
      await sendAndWait(s, conn);
      await sleep(sentAt + options.paceMs - performance.now());
    }
  }

  /** The members whose conversations the staff socket watches and replies in, spread over the list. */
  function staffSampleOf(): MemberSocket[] {
    const connected = sockets.filter((s) => s.conn);
    const step = Math.max(1, Math.floor(connected.length / Math.max(1, options.staffSample)));
    return connected.filter((_, i) => i % step === 0).slice(0, options.staffSample);
  }

  /** Resolves at the staff socket's next echo, refusal or close. */
  const staffEvent = () =>
    new Promise<void>((resolve) => {
      staffWake = resolve;
    });

  /**
   * One reply per `paceMs` at most, and at most `staffOutstanding` without their echo: then, whatever
   * the delays, the server never counts more sends on the socket than its limit allows (a burst of five,
   * then one a second). Waiting for each echo instead would measure one reply per echo delay, a handful
   * a run when the members' messages queue for seconds.
   */
  async function staffLoop(deadline: number): Promise<void> {
    const conversations = [...staffSeqs.keys()];
    const conn = staff;
    for (let k = 1; conn?.open && !stopped && conversations.length > 0 && performance.now() < deadline; ) {
      if (staffPending.size >= staffOutstanding) {
        await staffEvent();
        continue;
      }
      const started = performance.now();
      const conversationId = conversations[(k - 1) % conversations.length]!;
      const clientId = `staffreply-${k++}`;
      staffSentAt.set(clientId, started);
      staffPending.add(clientId);
      staffSent.push({ clientId, conversationId });
      conn.send({ t: 'send', conversationId, clientId, body: `staff ${clientId} sent ${Date.now()}` });
      await sleep(started + options.paceMs - performance.now());
    }
    while (staffPending.size > 0 && conn?.open && !stopped) await staffEvent();
  }

  return {
    /** The staff socket, then the members' sockets `batch` at a time. */
    async connect(batch: number, onProgress?: (connected: number) => void): Promise<ConnectResult> {
      const staffClosed = () => {
        if (!closing) unexpectedCloses++;
        staffWake?.();
      };
      staff = await connectChat(options.socketUrl, { as: 'staff', token: options.staffToken }, onStaffFrame, staffClosed, options.readyTimeoutMs);
      const readyMs: number[] = [];
      let failed = 0;
      let firstFailure: string | null = null;
      const started = performance.now();
      for (let i = 0; i < sockets.length; i += batch) {
        await Promise.all(
          sockets.slice(i, i + batch).map(async (s) => {
            try {
              s.conn = await connectChat(
                options.socketUrl,
                { as: 'member', token: s.member.token },
                (frame, at) => onMemberFrame(s, frame, at),
                () => {
                  if (!closing) unexpectedCloses++;
                  s.wake?.();
                },
                options.readyTimeoutMs,
              );
              readyMs.push(s.conn.readyMs);
            } catch (error) {
              failed++;
              firstFailure ??= error instanceof Error ? error.message : String(error);
            }
          }),
        );
        onProgress?.(readyMs.length);
      }
      const seconds = (performance.now() - started) / 1000;
      return {
        connected: readyMs.length,
        failed,
        firstFailure,
        seconds,
        socketsPerSecond: readyMs.length / seconds,
        readyP50Ms: percentile(readyMs, 50),
        readyP99Ms: percentile(readyMs, 99),
      };
    },

    /**
     * Before the load: the staff sample's members write their first message (which opens their
     * conversation), and the staff socket watches those conversations (the whole of each, from seq 1).
     */
    async openStaffSample(): Promise<number> {
      const sample = staffSampleOf().filter((s) => s.conn);
      // A first message without its echo in time leaves its conversation out of the sample (the send still counts).
      await Promise.race([Promise.all(sample.map((s) => sendAndWait(s, s.conn!))), sleep(options.readyTimeoutMs)]);
      for (const s of sample) {
        if (s.conversationId === null || staffSeqs.has(s.conversationId)) continue;
        staffSeqs.set(s.conversationId, []);
        // Watched before the first reply: a reply in a conversation the socket does not watch is not echoed to it.
        staff?.send({ t: 'watch', conversationId: s.conversationId, after: 0 });
      }
      return staffSeqs.size;
    },

    /**
     * The load for `seconds`, then the drain: no new sends, the echoes still on their way awaited
     * up to `drainMs`, then until no frame came for `quietMs` (the staff replies' last deliveries).
     */
    async run(seconds: number, drainMs: number, quietMs: number): Promise<LoadResult> {
      const start = performance.now();
      const deadline = start + seconds * 1000;
      loadWindow = { start, end: deadline };
      const loops = sockets
        .filter((s) => s.conn)
        .map((s) => memberLoop(s, deadline, start + Math.random() * options.paceMs));
      loops.push(staffLoop(deadline));
      await sleep(seconds * 1000);
      const drained = Promise.all(loops);
      const timedOut = await Promise.race([drained.then(() => false), sleep(drainMs).then(() => true)]);
      if (!timedOut) {
        const quietUntil = performance.now() + drainMs;
        while (performance.now() - lastFrameAt < quietMs && performance.now() < quietUntil) await sleep(100);
      }
      // Loops still waiting (an echo that never came) give up: their sends count as undelivered.
      stopped = true;
      for (const s of sockets) s.wake?.();
      staffWake?.();

      const memberSent = sockets.reduce((n, s) => n + s.sent.length, 0);
      const memberEchoed = sockets.reduce((n, s) => n + s.echoed.size, 0);
      const undelivered = sockets.reduce((n, s) => n + s.pending.size, 0) + staffPending.size;
      return {
        seconds,
        messagesPerSecond: writtenInWindow / seconds,
        deliveriesPerSecond: deliveriesInWindow / seconds,
        memberMessagesSent: memberSent,
        memberMessagesEchoed: memberEchoed,
        staffRepliesSent: staffSent.length,
        staffRepliesEchoed: staffEchoed,
        staffRepliesDeliveredToMembers: staffDelivered,
        staffConversations: new Set(staffSent.map((r) => r.conversationId)).size,
        echoP50Ms: percentile(echoLatencies, 50),
        echoP99Ms: percentile(echoLatencies, 99),
        echoMaxMs: percentile(echoLatencies, 100),
        staffToMemberP50Ms: percentile(staffLatencies, 50),
        staffToMemberP99Ms: percentile(staffLatencies, 99),
        staffToMemberSamples: staffLatencies.length,
        refused: memberRefused + staffRefused,
        errorFrames,
        unexpectedCloses,
        seqGaps,
        seqDuplicates,
        foreignMessages,
        undelivered,
        conversationFramesToStaff: conversationFrames,
      };
    },

    /** Closes every socket (and, after `graceMs`, drops the ones still open). */
    async closeAll(graceMs = 2_000): Promise<void> {
      closing = true;
      const all = [staff, ...sockets.map((s) => s.conn)].filter((c): c is ChatConnection => c !== null);
      for (const c of all) c.close();
      const until = performance.now() + graceMs;
      while (all.some((c) => c.open) && performance.now() < until) await sleep(50);
      for (const c of all) c.terminate();
    },

    /**
     * After the server stopped: every member text sent is in the database exactly once, in the
     * member's conversation; every staff reply too, with one `assigned` per conversation it took;
     * each conversation's seqs are 1..n; and each socket received exactly its conversations' seqs
     * 1..n, in order.
     */
    async checkDatabase(db: Database): Promise<DatabaseCheck> {
      const failures: string[] = [];
      const fail = (what: string) => {
        if (failures.length < 20) failures.push(what);
      };
      const rows = await db
        .select({
          conversationId: chatMessages.conversationId,
          seq: chatMessages.seq,
          author: chatMessages.author,
          kind: chatMessages.kind,
          clientId: chatMessages.clientId,
        })
        .from(chatMessages)
        .orderBy(asc(chatMessages.conversationId), asc(chatMessages.seq));
      const conversations = await db.select({ id: chatConversations.id, memberId: chatConversations.memberId }).from(chatConversations);

      const byConversation = new Map<number, number[]>();
      /** The rows of each clientId (the bench's ids are unique across conversations). */
      const byClientId = new Map<string, { conversationId: number; author: string }[]>();
      const pairs = new Set<string>();
      for (const row of rows) {
        const seqs = byConversation.get(row.conversationId) ?? [];
        seqs.push(row.seq);
        byConversation.set(row.conversationId, seqs);
        if (row.clientId !== null) {
          const pair = `${row.conversationId}|${row.clientId}`;
          if (pairs.has(pair)) fail(`clientId ${row.clientId} twice in conversation ${row.conversationId}`);
          pairs.add(pair);
          const list = byClientId.get(row.clientId) ?? [];
          list.push({ conversationId: row.conversationId, author: row.author });
          byClientId.set(row.clientId, list);
        }
      }
      for (const [id, seqs] of byConversation) {
        if (seqs.some((seq, i) => seq !== i + 1)) fail(`conversation ${id}: seqs are not 1..${seqs.length}`);
      }

      const memberRows = rows.filter((r) => r.author === 'member');
      const sentCount = sockets.reduce((n, s) => n + s.sent.length, 0);
      if (memberRows.length !== sentCount - memberRefused) {
        fail(`${memberRows.length} member messages in the database, ${sentCount} sent (${memberRefused} refused)`);
      }
      const memberConversations = new Map(conversations.filter((c) => c.memberId !== null).map((c) => [c.memberId!, c.id]));
      for (const s of sockets) {
        if (!s.conn) continue;
        const conversationId = memberConversations.get(s.member.id);
        for (const clientId of s.echoed) {
          const found = byClientId.get(clientId) ?? [];
          if (found.length !== 1 || found[0]!.conversationId !== conversationId || found[0]!.author !== 'member') {
            fail(`${clientId} (echoed) is in the database ${found.length} times, conversations ${found.map((f) => f.conversationId).join(',')}`);
          }
        }
        const expected = conversationId === undefined ? [] : (byConversation.get(conversationId) ?? []);
        if (s.seqs.length !== expected.length || s.seqs.some((seq, i) => seq !== expected[i])) {
          fail(`member ${s.member.index}: received seqs ${s.seqs.join(',')}, the database holds ${expected.join(',')}`);
        }
      }

      const staffRows = rows.filter((r) => r.author === 'staff');
      const assignedRows = rows.filter((r) => r.kind === 'assigned');
      if (staffRows.length !== staffSent.length - staffRefused) {
        fail(`${staffRows.length} staff replies in the database, ${staffSent.length} sent (${staffRefused} refused)`);
      }
      for (const { clientId, conversationId } of staffSent) {
        const found = byClientId.get(clientId) ?? [];
        if (found.length !== 1 || found[0]!.conversationId !== conversationId) fail(`${clientId} is in the database ${found.length} times`);
      }
      if (assignedRows.length !== new Set(staffSent.map((s) => s.conversationId)).size) {
        fail(`${assignedRows.length} assigned messages for ${new Set(staffSent.map((s) => s.conversationId)).size} conversations the staff replied in`);
      }
      for (const [conversationId, seqs] of staffSeqs) {
        const expected = byConversation.get(conversationId) ?? [];
        if (seqs.length !== expected.length || seqs.some((seq, i) => seq !== expected[i])) {
          fail(`staff socket, conversation ${conversationId}: received seqs ${seqs.join(',')}, the database holds ${expected.join(',')}`);
        }
      }
      return { rows: rows.length, memberRows: memberRows.length, staffRows: staffRows.length, assignedRows: assignedRows.length, failures };
    },
  };
}

export type ChatLoad = ReturnType<typeof createChatLoad>;
