/**
 * The sockets, the load and the checks of `npm run bench:chat`
 * (bench-chat.ts): members' and a staff member's chat sockets
 * (contract/chat.ts) on the real server, a closed-loop and then an open-loop
 * message load on them, and afterwards a comparison of what each socket
 * received with what the database holds.
 *
 * The closed loop (`run`): each member sends a message, waits for its echo
 * (the `message` frame with its clientId), and sends the next one no sooner
 * than `paceMs` after the previous one: under the per-connection limit of one
 * a second (after a burst of five), so nothing is refused. The open loop
 * (`runOpen`): a timer sends a fixed number of messages a second in total,
 * each from the next member in turn, not waiting for echoes. In both, the
 * staff socket watches a sample of the members' conversations and replies in
 * them in turn, as fast as its own limit lets it (one socket: one reply a
 * second). Every body carries the sender's id of the message and its send
 * time; latencies are measured in this process from the send to the frame's
 * arrival: the member's echo on the member's socket, a staff reply on the
 * member's socket. A send and its answers count in the phase it was sent in.
 *
 * Every message frame a socket receives is checked as it comes: the next seq
 * of its conversation, no gap, no duplicate. After the load (server
 * stopped), `checkDatabase` compares the database with what was sent and
 * received, over all phases and per phase.
 */
import { performance } from 'node:perf_hooks';
import { asc } from 'drizzle-orm';
import WebSocket from 'ws';
import { type ChatClientFrame, type ChatServerFrame, chatErrorCodes, chatSendBurst } from '../../contract/chat.ts';
import type { Database } from '../../server/db/connect.ts';
import { chatConversations, chatMessages } from '../../server/db/schema-chat.ts';
import { percentile } from './support.ts';

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

/** The parts of a run: the staff sample's first messages, the closed loop, the open loop. */
export type PhaseName = 'setup' | 'closed' | 'open';

interface Sent {
  at: number;
  phase: Phase;
}

interface MemberSocket {
  member: BenchMember;
  conn: ChatConnection | null;
  conversationId: number | null;
  /** Seqs of the message frames received, in arrival order. */
  seqs: number[];
  /** clientId -> send time and phase, of messages whose echo has not come. */
  pending: Map<string, Sent>;
  /** clientIds sent, in order, every phase. */
  sent: string[];
  echoed: Set<string>;
  /** Wakes the member's loop when its echo (or a refusal) came. */
  wake: (() => void) | null;
}

interface StaffReply {
  clientId: string;
  conversationId: number;
}

/**
 * What one phase sent and received. A send, its echo, refusal and latencies count in the phase it
 * was sent in; frames that are not an answer to a send (errors without a clientId, seq checks,
 * closes, queue updates) in the phase running when they came (a phase runs until its drain ends).
 */
interface Phase {
  name: PhaseName;
  /** The load window (performance.now()); rates per second count what arrived within it. */
  start: number;
  end: number;
  /** The open phase's achieved rate leaves out the window's first `settleMs` (the first echoes' way). */
  settleMs: number;
  /** Set at the end of the drain: loops still waiting give up. */
  stopped: boolean;
  memberSent: number;
  memberEchoed: number;
  memberRefused: number;
  /** Member echoes of the phase's messages that arrived within [start + settleMs, end]. */
  memberEchoedSettled: number;
  staffSent: StaffReply[];
  staffEchoed: number;
  staffRefused: number;
  staffDelivered: number;
  /** Sends of the phase (members' and staff's) without their echo or refusal yet. */
  outstanding: number;
  /** Members' sends without their echo at the end of the load window. */
  backlogAtEnd: number;
  writtenInWindow: number;
  deliveriesInWindow: number;
  echoLatencies: number[];
  staffLatencies: number[];
  errorFrames: Record<string, number>;
  unexpectedCloses: number;
  seqGaps: number;
  seqDuplicates: number;
  foreignMessages: number;
  conversationFrames: number;
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
  phase: PhaseName;
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
  /** Sockets the server closed during the phase. */
  unexpectedCloses: number;
  /** Message frames out of order: a seq skipped, or one received twice. */
  seqGaps: number;
  seqDuplicates: number;
  /** Message frames of a conversation that is not the member's. */
  foreignMessages: number;
  /** Sends whose echo never came (after the drain). */
  undelivered: number;
  /** Members' sends without their echo when the load time ended. */
  backlogAtEnd: number;
  conversationFramesToStaff: number;
}

export interface OpenLoadResult extends LoadResult {
  /** Member messages per second the timer was set to send (in total, round-robin over the members). */
  offeredPerSecond: number;
  /** Member messages per second it did send. */
  sentPerSecond: number;
  /** Members' echoes per second within the window after its first `settleSeconds`. */
  achievedPerSecond: number;
  settleSeconds: number;
  /** Members who sent in the phase, and the time between two sends of one member. */
  membersSending: number;
  memberIntervalSeconds: number;
  /** How late the timer sent against its schedule (the load generator's own delay). */
  sendLagP50Ms: number;
  sendLagP99Ms: number;
  sendLagMaxMs: number;
}

export interface PhaseCheck {
  memberSent: number;
  memberRefused: number;
  memberRows: number;
  staffSent: number;
  staffRefused: number;
  staffRows: number;
}

export interface DatabaseCheck {
  rows: number;
  memberRows: number;
  staffRows: number;
  assignedRows: number;
  /** The rows of each phase's sends (by their clientIds) against what the phase sent. */
  byPhase: Record<PhaseName, PhaseCheck>;
  failures: string[];
}

/** Staff replies on their way at most (under the burst of `chatSendBurst`). */
const staffOutstanding = chatSendBurst - 1;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function newPhase(name: PhaseName, start: number, seconds: number, settleMs: number): Phase {
  return {
    name,
    start,
    end: start + seconds * 1000,
    settleMs,
    stopped: false,
    memberSent: 0,
    memberEchoed: 0,
    memberRefused: 0,
    memberEchoedSettled: 0,
    staffSent: [],
    staffEchoed: 0,
    staffRefused: 0,
    staffDelivered: 0,
    outstanding: 0,
    backlogAtEnd: 0,
    writtenInWindow: 0,
    deliveriesInWindow: 0,
    echoLatencies: [],
    staffLatencies: [],
    errorFrames: {},
    unexpectedCloses: 0,
    seqGaps: 0,
    seqDuplicates: 0,
    foreignMessages: 0,
    conversationFrames: 0,
  };
}

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
  /** Staff replies: clientId -> send time and phase (kept: members measure against it). */
  const staffSentAt = new Map<string, Sent>();
  /** Staff replies without their echo: clientId -> phase. */
  const staffPending = new Map<string, Phase>();
  let staffWake: (() => void) | null = null;
  /** Seqs the staff socket received per watched conversation. */
  const staffSeqs = new Map<number, number[]>();
  /** Every staff reply, in sending order. */
  const staffSent: StaffReply[] = [];
  let staffReplies = 0;
  /** Each clientId sent (members' and staff's) -> its phase. */
  const sentIn = new Map<string, Phase>();
  /** clientIds the server refused (not written). */
  const refusedIds = new Set<string>();

  const setup = newPhase('setup', Number.POSITIVE_INFINITY, 0, 0);
  const phases: Phase[] = [setup];
  /** The phase running (until its drain ends); the setup before the first load. */
  let current = setup;
  let closing = false;
  let lastFrameAt = performance.now();

  const inWindow = (phase: Phase, at: number) => at >= phase.start && at <= phase.end;
  const countError = (phase: Phase, code: string) => {
    phase.errorFrames[code] = (phase.errorFrames[code] ?? 0) + 1;
  };
  /** Checks a frame's seq against the ones before it. */
  const follow = (seqs: number[], seq: number) => {
    const last = seqs.at(-1) ?? 0;
    if (seq <= last) current.seqDuplicates++;
    else if (seq !== last + 1) current.seqGaps++;
    seqs.push(seq);
  };
  const sum = (pick: (phase: Phase) => number) => phases.reduce((n, phase) => n + pick(phase), 0);

  function onMemberFrame(s: MemberSocket, frame: ChatServerFrame, at: number): void {
    lastFrameAt = at;
    if (frame.t === 'message') {
      const m = frame.message;
      if (inWindow(current, at)) current.deliveriesInWindow++;
      s.conversationId ??= m.conversationId;
      if (m.conversationId !== s.conversationId) {
        current.foreignMessages++;
        return;
      }
      follow(s.seqs, m.seq);
      if (m.author === 'member' && m.clientId !== null) {
        const sent = s.pending.get(m.clientId);
        if (sent === undefined) return;
        s.pending.delete(m.clientId);
        s.echoed.add(m.clientId);
        const { phase } = sent;
        phase.memberEchoed++;
        phase.outstanding--;
        phase.echoLatencies.push(at - sent.at);
        if (inWindow(phase, at)) {
          phase.writtenInWindow++;
          if (at >= phase.start + phase.settleMs) phase.memberEchoedSettled++;
        }
        s.wake?.();
      } else if (m.author === 'staff' && m.clientId !== null) {
        const sent = staffSentAt.get(m.clientId);
        if (sent === undefined) return;
        sent.phase.staffLatencies.push(at - sent.at);
        sent.phase.staffDelivered++;
      }
    } else if (frame.t === 'error') {
      const sent = frame.clientId !== null ? s.pending.get(frame.clientId) : undefined;
      const phase = sent?.phase ?? current;
      if (frame.errorCode === chatErrorCodes.rateLimited) {
        phase.memberRefused++;
        if (frame.clientId !== null) refusedIds.add(frame.clientId);
      } else countError(phase, frame.errorCode);
      if (sent && frame.clientId !== null) {
        s.pending.delete(frame.clientId);
        phase.outstanding--;
        s.wake?.();
      }
    }
  }

  function onStaffFrame(frame: ChatServerFrame, at: number): void {
    lastFrameAt = at;
    if (frame.t === 'conversation') {
      current.conversationFrames++;
    } else if (frame.t === 'message') {
      const m = frame.message;
      if (inWindow(current, at)) current.deliveriesInWindow++;
      const seqs = staffSeqs.get(m.conversationId);
      if (!seqs) {
        current.foreignMessages++;
        return;
      }
      follow(seqs, m.seq);
      const phase = m.author === 'staff' && m.clientId !== null ? staffPending.get(m.clientId) : undefined;
      if (phase && m.clientId !== null) {
        staffPending.delete(m.clientId);
        phase.staffEchoed++;
        phase.outstanding--;
        if (inWindow(phase, at)) phase.writtenInWindow++;
        staffWake?.();
      }
    } else if (frame.t === 'error') {
      const sentPhase = frame.clientId !== null ? staffPending.get(frame.clientId) : undefined;
      const phase = sentPhase ?? current;
      if (frame.errorCode === chatErrorCodes.rateLimited) {
        phase.staffRefused++;
        if (frame.clientId !== null) refusedIds.add(frame.clientId);
      } else countError(phase, frame.errorCode);
      if (sentPhase && frame.clientId !== null) {
        staffPending.delete(frame.clientId);
        phase.outstanding--;
        staffWake?.();
      }
    }
  }

  /** Sends the member's next message (not waiting for anything). */
  function sendMember(s: MemberSocket, conn: ChatConnection, phase: Phase): void {
    const clientId = `bench-${s.member.index}-${s.sent.length + 1}`;
    s.pending.set(clientId, { at: performance.now(), phase });
    s.sent.push(clientId);
    sentIn.set(clientId, phase);
    phase.memberSent++;
    phase.outstanding++;
    conn.send({ t: 'send', clientId, body: `bench ${clientId} sent ${Date.now()}` });
  }

  /** Sends the member's next message and waits for its echo (or a refusal, or the socket's end). */
  async function sendAndWait(s: MemberSocket, conn: ChatConnection, phase: Phase): Promise<void> {
    const answered = new Promise<void>((resolve) => {
      s.wake = resolve;
    });
    sendMember(s, conn, phase);
    await answered;
    s.wake = null;
  }

  /** The closed loop of one member: send, wait for the echo, send again no sooner than `paceMs` after the last send. */
  async function memberLoop(s: MemberSocket, phase: Phase, startAt: number): Promise<void> {
    await sleep(Math.max(0, startAt - performance.now()));
    const conn = s.conn;
    while (conn?.open && !phase.stopped && performance.now() < phase.end) {
      const sentAt = performance.now();
      await sendAndWait(s, conn, phase);
      await sleep(sentAt + options.paceMs - performance.now());
    }
  }

  /**
   * The open loop: message i is due at `start + i / rate` seconds and goes, when due, to the next
   * member in turn, whatever the echoes before it; `lags` gets how late each one went.
   */
  async function openSender(phase: Phase, live: MemberSocket[], rate: number, lags: number[], senders: Set<MemberSocket>): Promise<void> {
    let next = 0;
    for (let i = 0; !phase.stopped; i++) {
      const due = phase.start + (i * 1000) / rate;
      if (due >= phase.end) break;
      // setTimeout may fire a fraction of a millisecond early.
      while (performance.now() < due) await sleep(due - performance.now());
      let s: MemberSocket | null = null;
      for (let tried = 0; tried < live.length && !s; tried++) {
        const candidate = live[next++ % live.length]!;
        if (candidate.conn?.open) s = candidate;
      }
      if (!s) break;
      lags.push(performance.now() - due);
      senders.add(s);
      sendMember(s, s.conn!, phase);
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
  const staffPendingIn = (phase: Phase) => [...staffPending.values()].filter((p) => p === phase).length;

  /**
   * One reply per `paceMs` at most, and at most `staffOutstanding` without their echo: then, whatever
   * the delays, the server never counts more sends on the socket than its limit allows (a burst of five,
   * then one a second). Waiting for each echo instead would measure one reply per echo delay, a handful
   * a run when the members' messages queue for seconds. The replies go to the watched conversations in
   * turn, continuing from one phase to the next.
   */
  async function staffLoop(phase: Phase): Promise<void> {
    const conversations = [...staffSeqs.keys()];
    const conn = staff;
    while (conn?.open && !phase.stopped && conversations.length > 0 && performance.now() < phase.end) {
      if (staffPending.size >= staffOutstanding) {
        await staffEvent();
        continue;
      }
      const started = performance.now();
      const conversationId = conversations[staffReplies % conversations.length]!;
      const clientId = `staffreply-${++staffReplies}`;
      const reply = { clientId, conversationId };
      staffSentAt.set(clientId, { at: started, phase });
      staffPending.set(clientId, phase);
      sentIn.set(clientId, phase);
      staffSent.push(reply);
      phase.staffSent.push(reply);
      phase.outstanding++;
      conn.send({ t: 'send', conversationId, clientId, body: `staff ${clientId} sent ${Date.now()}` });
      await sleep(started + options.paceMs - performance.now());
    }
    while (staffPendingIn(phase) > 0 && conn?.open && !phase.stopped) await staffEvent();
  }

  /** Starts a phase of `seconds` now. */
  function begin(name: PhaseName, seconds: number, settleMs = 0): Phase {
    const phase = newPhase(name, performance.now(), seconds, settleMs);
    phases.push(phase);
    current = phase;
    return phase;
  }

  /**
   * After the load window: no new sends; the echoes on their way are awaited up to `drainMs`, then
   * until no frame came for `quietMs` (the staff replies' last deliveries). Loops still waiting
   * (an echo that never came) then give up: their sends count as undelivered.
   */
  async function drain(phase: Phase, loops: Promise<void>[], drainMs: number, quietMs: number): Promise<void> {
    await sleep(Math.max(0, phase.end - performance.now()));
    phase.backlogAtEnd = sockets.reduce((n, s) => n + [...s.pending.values()].filter((sent) => sent.phase === phase).length, 0);
    const drainUntil = performance.now() + drainMs;
    const timedOut = await Promise.race([Promise.all(loops).then(() => false), sleep(drainMs).then(() => true)]);
    while (!timedOut && phase.outstanding > 0 && performance.now() < drainUntil) await sleep(50);
    if (phase.outstanding === 0) {
      const quietUntil = performance.now() + drainMs;
      while (performance.now() - lastFrameAt < quietMs && performance.now() < quietUntil) await sleep(100);
    }
    phase.stopped = true;
    for (const s of sockets) s.wake?.();
    staffWake?.();
  }

  function summary(phase: Phase): LoadResult {
    const seconds = (phase.end - phase.start) / 1000;
    return {
      phase: phase.name,
      seconds,
      messagesPerSecond: phase.writtenInWindow / seconds,
      deliveriesPerSecond: phase.deliveriesInWindow / seconds,
      memberMessagesSent: phase.memberSent,
      memberMessagesEchoed: phase.memberEchoed,
      staffRepliesSent: phase.staffSent.length,
      staffRepliesEchoed: phase.staffEchoed,
      staffRepliesDeliveredToMembers: phase.staffDelivered,
      staffConversations: new Set(phase.staffSent.map((r) => r.conversationId)).size,
      echoP50Ms: percentile(phase.echoLatencies, 50),
      echoP99Ms: percentile(phase.echoLatencies, 99),
      echoMaxMs: percentile(phase.echoLatencies, 100),
      staffToMemberP50Ms: percentile(phase.staffLatencies, 50),
      staffToMemberP99Ms: percentile(phase.staffLatencies, 99),
      staffToMemberSamples: phase.staffLatencies.length,
      refused: phase.memberRefused + phase.staffRefused,
      errorFrames: { ...phase.errorFrames },
      unexpectedCloses: phase.unexpectedCloses,
      seqGaps: phase.seqGaps,
      seqDuplicates: phase.seqDuplicates,
      foreignMessages: phase.foreignMessages,
      undelivered: phase.outstanding,
      backlogAtEnd: phase.backlogAtEnd,
      conversationFramesToStaff: phase.conversationFrames,
    };
  }

  return {
    /** The staff socket, then the members' sockets `batch` at a time. */
    async connect(batch: number, onProgress?: (connected: number) => void): Promise<ConnectResult> {
      const closed = (wake: () => void) => () => {
        if (!closing) current.unexpectedCloses++;
        wake();
      };
      staff = await connectChat(
        options.socketUrl,
        { as: 'staff', token: options.staffToken },
        onStaffFrame,
        closed(() => staffWake?.()),
        options.readyTimeoutMs,
      );
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
                closed(() => s.wake?.()),
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
      await Promise.race([Promise.all(sample.map((s) => sendAndWait(s, s.conn!, setup))), sleep(options.readyTimeoutMs)]);
      for (const s of sample) {
        if (s.conversationId === null || staffSeqs.has(s.conversationId)) continue;
        staffSeqs.set(s.conversationId, []);
        // Watched before the first reply: a reply in a conversation the socket does not watch is not echoed to it.
        staff?.send({ t: 'watch', conversationId: s.conversationId, after: 0 });
      }
      return staffSeqs.size;
    },

    /**
     * The closed loop for `seconds` (each member sends, waits for its echo, sends again no sooner than
     * `paceMs` after), the staff socket replying; then the drain (see `drain`).
     */
    async run(seconds: number, drainMs: number, quietMs: number): Promise<LoadResult> {
      for (const s of sockets) s.wake = null;
      const phase = begin('closed', seconds);
      const loops = sockets.filter((s) => s.conn).map((s) => memberLoop(s, phase, phase.start + Math.random() * options.paceMs));
      loops.push(staffLoop(phase));
      await drain(phase, loops, drainMs, quietMs);
      return summary(phase);
    },

    /**
     * The open loop for `seconds`: `rate` member messages a second in total, each from the next
     * member in turn (so each member sends once every members / rate seconds), on a timer that does
     * not wait for the echoes; the staff socket replies at its own pace as in the closed loop. Then the
     * drain. Refuses a rate that would have a member send more often than once per `paceMs`.
     */
    async runOpen(seconds: number, rate: number, drainMs: number, quietMs: number): Promise<OpenLoadResult> {
      const live = sockets.filter((s) => s.conn?.open);
      if (live.length === 0) throw new Error('no member socket is open for the open loop');
      const memberIntervalMs = (live.length / rate) * 1000;
      if (memberIntervalMs < options.paceMs) {
        throw new Error(
          `${rate} messages/s over ${live.length} members is one a member every ${memberIntervalMs.toFixed(0)} ms, under the pace of ${options.paceMs} ms (the limit is one a second)`,
        );
      }
      for (const s of sockets) s.wake = null;
      const settleMs = Math.min(1000, (seconds * 1000) / 5);
      const phase = begin('open', seconds, settleMs);
      const lags: number[] = [];
      const senders = new Set<MemberSocket>();
      const loops = [openSender(phase, live, rate, lags, senders), staffLoop(phase)];
      await drain(phase, loops, drainMs, quietMs);
      return {
        ...summary(phase),
        offeredPerSecond: rate,
        sentPerSecond: phase.memberSent / seconds,
        achievedPerSecond: phase.memberEchoedSettled / (seconds - settleMs / 1000),
        settleSeconds: settleMs / 1000,
        membersSending: senders.size,
        memberIntervalSeconds: memberIntervalMs / 1000,
        sendLagP50Ms: percentile(lags, 50),
        sendLagP99Ms: percentile(lags, 99),
        sendLagMaxMs: percentile(lags, 100),
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
     * After the server stopped, over every phase: every member text sent is in the database exactly
     * once, in the member's conversation, and the member's texts are there in the order it sent them;
     * every staff reply too, in the order sent in its conversation, with one `assigned` per
     * conversation it took; each conversation's seqs are 1..n; each socket received exactly its
     * conversations' seqs 1..n, in order; and each phase's rows (found by their clientIds) are the
     * phase's sends less its refusals.
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
      /** Each conversation's clientIds of one author, in seq order. */
      const memberOrder = new Map<number, string[]>();
      const staffOrder = new Map<number, string[]>();
      const pairs = new Set<string>();
      const byPhase = Object.fromEntries(
        (['setup', 'closed', 'open'] as const).map((name) => {
          const list = phases.filter((p) => p.name === name);
          const check: PhaseCheck = {
            memberSent: list.reduce((n, p) => n + p.memberSent, 0),
            memberRefused: list.reduce((n, p) => n + p.memberRefused, 0),
            memberRows: 0,
            staffSent: list.reduce((n, p) => n + p.staffSent.length, 0),
            staffRefused: list.reduce((n, p) => n + p.staffRefused, 0),
            staffRows: 0,
          };
          return [name, check];
        }),
      ) as Record<PhaseName, PhaseCheck>;
      const push = (map: Map<number, string[]>, key: number, value: string) => {
        const list = map.get(key) ?? [];
        list.push(value);
        map.set(key, list);
      };
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
          const phase = sentIn.get(row.clientId);
          if (row.author === 'member') {
            push(memberOrder, row.conversationId, row.clientId);
            if (phase) byPhase[phase.name].memberRows++;
          } else if (row.author === 'staff') {
            push(staffOrder, row.conversationId, row.clientId);
            if (phase) byPhase[phase.name].staffRows++;
          }
        }
      }
      for (const [id, seqs] of byConversation) {
        if (seqs.some((seq, i) => seq !== i + 1)) fail(`conversation ${id}: seqs are not 1..${seqs.length}`);
      }

      const memberRows = rows.filter((r) => r.author === 'member');
      const sentCount = sockets.reduce((n, s) => n + s.sent.length, 0);
      const memberRefused = sum((p) => p.memberRefused);
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
        const written = s.sent.filter((id) => !refusedIds.has(id));
        const stored = conversationId === undefined ? [] : (memberOrder.get(conversationId) ?? []);
        if (written.length !== stored.length || written.some((id, i) => id !== stored[i])) {
          fail(`member ${s.member.index}: sent ${written.join(',')}, the database holds ${stored.join(',')} in seq order`);
        }
        const expected = conversationId === undefined ? [] : (byConversation.get(conversationId) ?? []);
        if (s.seqs.length !== expected.length || s.seqs.some((seq, i) => seq !== expected[i])) {
          fail(`member ${s.member.index}: received seqs ${s.seqs.join(',')}, the database holds ${expected.join(',')}`);
        }
      }

      const staffRows = rows.filter((r) => r.author === 'staff');
      const assignedRows = rows.filter((r) => r.kind === 'assigned');
      const staffRefused = sum((p) => p.staffRefused);
      if (staffRows.length !== staffSent.length - staffRefused) {
        fail(`${staffRows.length} staff replies in the database, ${staffSent.length} sent (${staffRefused} refused)`);
      }
      for (const { clientId, conversationId } of staffSent) {
        const found = byClientId.get(clientId) ?? [];
        if (found.length !== 1 || found[0]!.conversationId !== conversationId) fail(`${clientId} is in the database ${found.length} times`);
      }
      const repliedIn = new Set(staffSent.map((s) => s.conversationId));
      for (const conversationId of repliedIn) {
        const written = staffSent.filter((r) => r.conversationId === conversationId && !refusedIds.has(r.clientId)).map((r) => r.clientId);
        const stored = staffOrder.get(conversationId) ?? [];
        if (written.length !== stored.length || written.some((id, i) => id !== stored[i])) {
          fail(`staff replies in conversation ${conversationId}: sent ${written.join(',')}, the database holds ${stored.join(',')} in seq order`);
        }
      }
      if (assignedRows.length !== repliedIn.size) {
        fail(`${assignedRows.length} assigned messages for ${repliedIn.size} conversations the staff replied in`);
      }
      for (const [conversationId, seqs] of staffSeqs) {
        const expected = byConversation.get(conversationId) ?? [];
        if (seqs.length !== expected.length || seqs.some((seq, i) => seq !== expected[i])) {
          fail(`staff socket, conversation ${conversationId}: received seqs ${seqs.join(',')}, the database holds ${expected.join(',')}`);
        }
      }
      for (const [name, check] of Object.entries(byPhase)) {
        if (check.memberRows !== check.memberSent - check.memberRefused) {
          fail(`${name} phase: ${check.memberRows} member messages in the database, ${check.memberSent} sent (${check.memberRefused} refused)`);
        }
        if (check.staffRows !== check.staffSent - check.staffRefused) {
          fail(`${name} phase: ${check.staffRows} staff replies in the database, ${check.staffSent} sent (${check.staffRefused} refused)`);
        }
      }
      return { rows: rows.length, memberRows: memberRows.length, staffRows: staffRows.length, assignedRows: assignedRows.length, byPhase, failures };
    },
  };
}

export type ChatLoad = ReturnType<typeof createChatLoad>;
