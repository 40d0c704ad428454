/**
 * Changes that every server process must hear about at once: a member's
 * wallet moved or game lists changed, a merchant's row changed (settings,
 * maintenance switch). On PostgreSQL several API processes may share one database
 * (docs/scale-out.md), so a change is published with `pg_notify` on the
 * channel `app_changes` and each process LISTENs on a connection of its own;
 * on PGlite there is one process (server/db/data-dir-lock.ts) and a change is
 * handed to the subscribers in process.
 *
 * A process hears its own changes at once (in process), not through its echo;
 * it listens once something in it subscribes.
 * When the listening connection drops, every subscriber is told to forget
 * everything (`null`): what was published meanwhile is lost, so nothing
 * cached before may be trusted. The connection is then opened again, with a
 * growing pause.
 *
 * The per-process caches that subscribe keep their own time bound as well
 * (a notification is delivered after its commit, in a millisecond or so on
 * one machine): the rules about money and security never read them.
 */
import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

/** What the bus needs of a database (connect.ts's Database; not imported, as connect.ts opens the bus). */
interface Database {
  execute(query: SQL): PromiseLike<unknown>;
}

const changeChannel = 'app_changes';

/** What a change is about; its payload is the code or ids it concerns. */
export type ChangeTopic = 'wallet' | 'member-games' | 'merchant' | 'chat';

/** A subscriber: called with the payload, or `null` when every cached thing must be forgotten. */
export type ChangeListener = (payload: string | null) => void;

export interface ChangeBus {
  /** Tells this process at once and, on PostgreSQL, every other one after `pg_notify` (call after the change committed). */
  publish(topic: ChangeTopic, payload: string): Promise<void>;
  /** Tells this process's subscribers only. */
  deliverHere(topic: ChangeTopic, payload: string): void;
  /** Tells the other processes only (nothing on PGlite). */
  publishElsewhere(topic: ChangeTopic, payload: string): Promise<void>;
  subscribe(topic: ChangeTopic, listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/** PostgreSQL limits a payload to 8,000 bytes: longer lists go in several notifications. */
const maxPayloadBytes = 7_000;
const reconnectMinMs = 100;
const reconnectMaxMs = 5_000;

interface BusSource {
  db: Database;
  /** Set on PostgreSQL: the listening connection opens its own client. */
  databaseUrl?: string;
  onError?: (error: unknown) => void;
}

const buses = new WeakMap<Database, ChangeBus>();
const sources = new WeakMap<Database, BusSource>();

/** Called by openDatabase: how to open the bus of this database when it is first used. */
export function registerChangeSource(source: BusSource): void {
  sources.set(source.db, source);
}

/** True when other processes may share this database (PostgreSQL): what one process caches, another may change. */
export function isSharedDatabase(db: Database): boolean {
  return sources.get(db)?.databaseUrl !== undefined;
}

/** The change bus of a database (opened on first use; closed with the database). */
export function changeBusOf(db: Database): ChangeBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = createChangeBus(sources.get(db) ?? { db });
    buses.set(db, bus);
  }
  return bus;
}

/** Notifications being sent, per database: closing waits for them. */
const sending = new WeakMap<Database, Set<Promise<void>>>();

function track(db: Database, promise: Promise<void>): void {
  let set = sending.get(db);
  if (!set) {
    set = new Set();
    sending.set(db, set);
  }
  const entry = promise.finally(() => set.delete(entry));
  set.add(entry);
}

/** Closes the bus of a database if it was opened, after sending what was published. */
export async function closeChangeBus(db: Database): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await Promise.all(sending.get(db) ?? []);
  const bus = buses.get(db);
  buses.delete(db);
  await bus?.close();
}

/** What forgets ids: a per-process cache of answers by member. */
export interface IdForgetter {
  forget(id: number): void;
  clear(): void;
}

/** Makes `cache` forget the ids published on `topic` by any process (and everything when the bus was cut). */
export function subscribeIds(db: Database, topic: ChangeTopic, cache: IdForgetter): () => void {
  return changeBusOf(db).subscribe(topic, (payload) => {
    if (payload === null) cache.clear();
    else for (const id of payload.split(',')) cache.forget(Number(id));
  });
}

/** Ids published in this turn of the event loop, per database and topic: one notification for them all. */
const pendingIds = new WeakMap<Database, Map<ChangeTopic, Set<number>>>();

/**
 * Publishes ids on `topic` (call it after the change committed): this process's subscribers forget
 * them at once, the other processes when the notification arrives. If it cannot be sent, their
 * caches end by their own time bound.
 */
export function publishIds(db: Database, topic: ChangeTopic, ids: Iterable<number>): void {
  const bus = changeBusOf(db);
  let byTopic = pendingIds.get(db);
  if (!byTopic) {
    byTopic = new Map();
    pendingIds.set(db, byTopic);
  }
  let batch = byTopic.get(topic);
  if (!batch) {
    const created = new Set<number>();
    batch = created;
    byTopic.set(topic, created);
    setImmediate(() => {
      byTopic?.delete(topic);
      for (const payload of idPayloads(created)) {
        track(db, bus.publishElsewhere(topic, payload).catch((error) => sources.get(db)?.onError?.(error)));
      }
    });
  }
  for (const id of ids) {
    batch.add(id);
    bus.deliverHere(topic, String(id));
  }
}

/** Splits ids into payloads below PostgreSQL's limit ("1,2,3"). */
function idPayloads(ids: Iterable<number | string>): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const id of ids) {
    const part = String(id);
    if (current && current.length + part.length + 1 > maxPayloadBytes) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current},${part}` : part;
  }
  if (current) payloads.push(current);
  return payloads;
}

export function createChangeBus(source: BusSource): ChangeBus {
  const listeners = new Map<ChangeTopic, Set<ChangeListener>>();
  /** Marks this process's notifications, whose echo it skips. */
  const origin = randomBytes(6).toString('hex');
  let closed = false;

  function deliver(topic: ChangeTopic, payload: string | null): void {
    for (const listener of listeners.get(topic) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        source.onError?.(error);
      }
    }
  }
  function forgetEverything(): void {
    for (const topic of listeners.keys()) deliver(topic, null);
  }

  let client: pg.Client | null = null;
  let reconnectMs = reconnectMinMs;
  let reconnectTimer: NodeJS.Timeout | null = null;

  async function listen(): Promise<void> {
    if (closed || !source.databaseUrl) return;
    const next = new pg.Client({ connectionString: source.databaseUrl });
    const lost = (error?: unknown) => {
      if (error) source.onError?.(error);
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      forgetEverything();
      if (!closed) {
        reconnectTimer = setTimeout(() => void listen(), reconnectMs);
        reconnectTimer.unref();
        reconnectMs = Math.min(reconnectMaxMs, reconnectMs * 2);
      }
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      const text = message.payload ?? '';
      const [from, topic, payload] = splitMessage(text);
      if (from === origin || !topic) return;
      deliver(topic as ChangeTopic, payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${changeChannel}`);
      reconnectMs = reconnectMinMs;
      // Whatever changed while no connection listened is unknown.
      forgetEverything();
    } catch (error) {
      lost(error);
    }
  }
  /** The listening connection, opened with the first subscriber (a process that only publishes, such as the CLI, opens none). */
  let listening: Promise<void> | null = null;

  return {
    async publish(topic, payload) {
      deliver(topic, payload);
      await this.publishElsewhere(topic, payload);
    },
    deliverHere: deliver,
    async publishElsewhere(topic, payload) {
      if (!source.databaseUrl) return;
      await source.db.execute(sql`select pg_notify(${changeChannel}, ${`${origin}\n${topic}\n${payload}`})`);
    },
    subscribe(topic, listener) {
      listening ??= listen();
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await listening;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

function splitMessage(text: string): [string, string, string] {
  const first = text.indexOf('\n');
  const second = first < 0 ? -1 : text.indexOf('\n', first + 1);
  if (second < 0) return ['', '', ''];
  return [text.slice(0, first), text.slice(first + 1, second), text.slice(second + 1)];
}
