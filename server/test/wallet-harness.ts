/**
 * Test helpers of the money module: signed-in clients, extra members with a
 * known password, invariant checks over the whole ledger, and the local
 * gateway's signed callbacks.
 */
import { sql } from 'drizzle-orm';
import { loginEndpoint, trialLoginEndpoint } from '../../contract/session.ts';
import type { Database } from '../db/connect.ts';
import { type MemberRow, members } from '../db/schema.ts';
import { hashPassword } from '../modules/member/passwords.ts';
import type { Harness, TestClient } from './identity-harness.ts';

export const testPassword = 'Secret#2026';
let hash: Promise<string> | null = null;

/** A new plain member (type 0 unless given) of the demo merchant with `testPassword`. */
export async function createMember(db: Database, username: string, type = 0): Promise<MemberRow> {
  hash ??= hashPassword(testPassword);
  const [row] = await db
    .insert(members)
    .values({ merchantCode: 'DEMO', username, passwordHash: await hash, type })
    .returning();
  if (!row) throw new Error('member not created');
  return row;
}

export async function signIn(h: Harness, username: string, password = testPassword): Promise<TestClient> {
  const c = h.client();
  const { token } = await c.sealed.call(loginEndpoint, { type: 'username', username, password });
  c.token = token;
  return c;
}

export async function signInTrial(h: Harness): Promise<TestClient> {
  const c = h.client({ ip: '203.0.113.77' });
  const { token } = await c.call(trialLoginEndpoint, {});
  c.token = token;
  return c;
}

export interface LedgerInvariants {
  /** Sum of every posting (must be 0). */
  postingSum: number;
  /** Transactions whose postings do not sum to 0, or that have fewer than two. */
  unbalancedTransactions: number;
  /** Member and hold accounts below 0. */
  negativeAccounts: number;
  /** Accounts whose balance differs from the sum of their postings. */
  balanceMismatches: number;
  /** Postings whose balance_after differs from the running sum of the account's postings. */
  runningMismatches: number;
}

const n = (v: unknown) => Number(v ?? 0);

/** Reads the ledger-wide invariants (one query each), replaying every account's history. */
export async function ledgerInvariants(db: Database): Promise<LedgerInvariants> {
  const rows = async (q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [sum] = await rows(sql`select coalesce(sum(amount), 0) as s from ledger_postings`);
  const [unbalanced] = await rows(
    sql`select (select count(*) from (select transaction_id from ledger_postings group by transaction_id having sum(amount) <> 0 or count(*) < 2) t)
      + (select count(*) from ledger_transactions t where not exists (select 1 from ledger_postings p where p.transaction_id = t.id)) as c`,
  );
  const [negative] = await rows(sql`select count(*) as c from ledger_accounts where kind in ('member', 'hold') and balance < 0`);
  const [mismatch] = await rows(sql`
    select count(*) as c from ledger_accounts a
    left join (select account_id, sum(amount) as s from ledger_postings group by account_id) p on p.account_id = a.id
    where a.balance <> coalesce(p.s, 0)`);
  const [running] = await rows(sql`
    select count(*) as c from (
      select balance_after, sum(amount) over (partition by account_id order by id) as run from ledger_postings
    ) r where r.balance_after <> r.run`);
  return {
    postingSum: n(sum?.s),
    unbalancedTransactions: n(unbalanced?.c),
    negativeAccounts: n(negative?.c),
    balanceMismatches: n(mismatch?.c),
    runningMismatches: n(running?.c),
  };
}

export const intactLedger: LedgerInvariants = {
  postingSum: 0,
  unbalancedTransactions: 0,
  negativeAccounts: 0,
  balanceMismatches: 0,
  runningMismatches: 0,
};
