/**
 * What the lottery's money transactions share: they lock the ledger accounts
 * they will move up front, in id order (as the ledger does), so an order and
 * a draw touching the same member and vendor cannot deadlock; and, since
 * their postings nest in their own transaction, they retry the whole of it
 * after a serialization failure or a deadlock. `perDatabase` keeps the
 * module's process-local caches apart per database.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { ledgerAccounts } from '../../db/schema-wallet.ts';
import { isRetryable } from '../wallet/ledger.ts';

/** Locks the accounts (by key) that exist, in id order. */
export async function lockAccounts(trx: Database, merchantCode: string, keys: string[]): Promise<void> {
  await trx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantCode, merchantCode), inArray(ledgerAccounts.key, keys)))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/** Runs `work` again (up to 10 times) when it fails with a serialization failure or a deadlock. */
export async function withRetries<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 10 || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(200, 2 ** attempt) * Math.random()));
    }
  }
}

/** A value kept per database (a process may open several: tests, benchmarks), made on first use. */
export function perDatabase<T>(make: () => T): (db: Database) => T {
  const values = new WeakMap<Database, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = make();
      values.set(db, value);
    }
    return value;
  };
}
