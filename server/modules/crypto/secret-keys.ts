/**
 * Symmetric keys of the server, by use (`secret_keys`): 32 random bytes made
 * by the first process that asks for one and read by every other process of
 * the same database, so a token sealed by one process opens in another.
 * Each process keeps a key once read (keys never change while it runs).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { secretKeys } from '../../db/schema.ts';

export type SecretKeyName = 'game-launch';

const known = new WeakMap<Database, Map<SecretKeyName, Promise<Buffer>>>();

async function load(db: Database, name: SecretKeyName): Promise<Buffer> {
  await db.insert(secretKeys).values({ name, secret: randomBytes(32).toString('base64') }).onConflictDoNothing();
  const [row] = await db.select({ secret: secretKeys.secret }).from(secretKeys).where(eq(secretKeys.name, name));
  if (!row) throw new Error(`secret key ${name} is missing`);
  return Buffer.from(row.secret, 'base64');
}

function keysOf(db: Database): Map<SecretKeyName, Promise<Buffer>> {
  let keys = known.get(db);
  if (!keys) {
    keys = new Map();
    known.set(db, keys);
  }
  return keys;
}

/** The key `name` of this database (created on first use). A failed read is not kept. */
export function secretKeyOf(db: Database, name: SecretKeyName): Promise<Buffer> {
  const keys = keysOf(db);
  let key = keys.get(name);
  if (!key) {
    key = load(db, name);
    keys.set(name, key);
    key.catch(() => keys.delete(name));
  }
  return key;
}
