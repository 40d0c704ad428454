import type { AnyActorRef } from 'xstate';
import { actorLabel } from './inspector-store.ts';

const isActorRef = (value: object): value is AnyActorRef =>
  'sessionId' in value && 'send' in value && typeof (value as { getSnapshot?: unknown }).getSnapshot === 'function';

/**
 * Fields whose text is a secret the member typed (passwords, the proof of a
 * payment password's change, security answers): the inspector shows that
 * there is one, never what it is, so a shared screen or a screenshot of the
 * panel gives none away.
 */
const secretKey = /password|proof|answer/i;

/**
 * Pretty JSON of a context or snapshot, whatever it holds: a secret's text
 * (`secretKey`) is hidden; actor references
 * (spawned children in a context) become `[actor <label>]`, functions
 * `[function <name>]`, errors their name and message, maps and sets their
 * entries; an object met again inside itself is `[circular]`.
 */
export function toJson(value: unknown): string {
  // The objects on the path to the value being written: what JSON.stringify holds it in, and what it was.
  const path: { holder: object; original: object }[] = [];
  const text = JSON.stringify(
    value,
    function replacer(this: unknown, key: string, v: unknown) {
      // The value before its own toJSON (an actor's gives only `{ xstate$$type, id }`).
      const raw = key === '' ? v : (this as Record<string, unknown>)[key];
      if (typeof raw === 'object' && raw !== null && isActorRef(raw)) return `[actor ${actorLabel(raw)}]`;
      if (typeof v === 'string' && secretKey.test(key)) return v === '' ? v : '[hidden]';
      if (typeof v === 'function') return `[function ${v.name || 'anonymous'}]`;
      if (typeof v === 'bigint') return `${v}n`;
      if (typeof v !== 'object' || v === null) return v;
      // `this` holds `key`: leave the objects that are not on its path.
      while (path.length && path.at(-1)?.holder !== this) path.pop();
      if (path.some((p) => p.original === v)) return '[circular]';
      const out =
        v instanceof Error ? { name: v.name, message: v.message } : v instanceof Map ? Object.fromEntries(v) : v instanceof Set ? [...v] : v;
      path.push({ holder: out, original: v });
      return out;
    },
    2,
  );
  return text ?? String(value);
}
