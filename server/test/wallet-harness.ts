/**
 * Test helpers of the money module: signed-in clients, extra members with a
 * known password, invariant checks over the whole ledger, and the local
 * gateway's signed callbacks.
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { loginEndpoint, trialLoginEndpoint } from '../../contract/session.ts';
import type { Database } from '../db/connect.ts';
import { type MemberRow, members } from '../db/schema.ts';
import { games } from '../db/schema-catalogue.ts';
import { hashPassword } from '../modules/member/passwords.ts';
import { postTransaction } from '../modules/wallet/ledger.ts';
import { demoOpeningBalance } from '../seed/seed-wallet.ts';
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

/** A new member with the seeded players' opening balance (an `adjust` from the house), for a test of its own. */
export async function createFundedMember(db: Database, username: string): Promise<MemberRow> {
  const member = await createMember(db, username);
  await postTransaction(db, {
    merchantId: 'DEMO',
    idempotencyKey: `opening:${member.id}`,
    kind: 'adjust',
    postings: [
      { account: { kind: 'house' }, amount: -demoOpeningBalance },
      { account: { kind: 'member', memberId: member.id }, amount: demoOpeningBalance },
    ],
  });
  return member;
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

/**
 * The invariants of `ledgerInvariants`, for a test that checks the whole
 * ledger after every one of thousands of sequential steps: the first `check()`
 * reads the whole ledger; each later one reads the postings written since the
 * previous one, and the accounts through their last posting, so a check does
 * not grow with the number of postings.
 *
 * From an intact ledger a check fails exactly when `ledgerInvariants` would
 * (the counts of a failing one may differ), because postings are never changed
 * or removed (the database refuses it: migrations 0007 and 0010, tested in
 * ledger.test.ts), so what held at the previous check still holds for the
 * postings it read: the sum of all postings is the previous sum plus the new
 * ones; only the transactions with a new posting can have become unbalanced,
 * and a new transaction without postings shows in the count of transactions
 * against the count of those with postings; a new posting's balance_after is
 * the running sum when it is the account's previous balance_after plus its
 * amount; and, the running sums being right, an account's balance is the sum
 * of its postings when it is its last posting's balance_after. It relies on
 * posting ids growing in the order the steps wrote them: use it only where
 * nothing writes concurrently, and compare it now and then with
 * `ledgerInvariants`.
 */
export function createLedgerWatch(db: Database): { check(): Promise<LedgerInvariants> } {
  const one = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  /** What the previous check read: the last posting, the sum of all postings, the number of transactions with postings. */
  let seen: { postingId: number; postingSum: number; transactionsWithPostings: number } | null = null;
  return {
    async check() {
      if (!seen) {
        const full = await ledgerInvariants(db);
        const p = await one(
          sql`select coalesce(max(id), 0) as id, coalesce(sum(amount), 0) as s, count(distinct transaction_id) as t from ledger_postings`,
        );
        seen = { postingId: n(p.id), postingSum: n(p.s), transactionsWithPostings: n(p.t) };
        return full;
      }
      const after = seen.postingId;
      const d = await one(sql`select
        (select coalesce(max(id), ${after}) from ledger_postings where id > ${after}) as id,
        (select coalesce(sum(amount), 0) from ledger_postings where id > ${after}) as s,
        (select count(*) from (select distinct transaction_id from ledger_postings where id > ${after}) t
          where (select count(*) from ledger_postings p where p.transaction_id = t.transaction_id) < 2
             or (select sum(p.amount) from ledger_postings p where p.transaction_id = t.transaction_id) <> 0) as unbalanced,
        (select count(distinct p.transaction_id) from ledger_postings p where p.id > ${after}
          and not exists (select 1 from ledger_postings q where q.transaction_id = p.transaction_id and q.id <= ${after})) as first_seen,
        (select count(*) from ledger_transactions) as transactions,
        (select count(*) from ledger_accounts where kind in ('member', 'hold') and balance < 0) as negative,
        (select count(*) from ledger_accounts a where a.balance <> coalesce(
          (select p.balance_after from ledger_postings p where p.account_id = a.id order by p.id desc limit 1), 0)) as mismatched,
        (select count(*) from ledger_postings p where p.id > ${after} and p.balance_after <> p.amount + coalesce(
          (select q.balance_after from ledger_postings q where q.account_id = p.account_id and q.id < p.id order by q.id desc limit 1), 0)) as running`);
      seen = {
        postingId: n(d.id),
        postingSum: seen.postingSum + n(d.s),
        transactionsWithPostings: seen.transactionsWithPostings + n(d.first_seen),
      };
      return {
        postingSum: seen.postingSum,
        unbalancedTransactions: n(d.unbalanced) + (n(d.transactions) - seen.transactionsWithPostings),
        negativeAccounts: n(d.negative),
        balanceMismatches: n(d.mismatched),
        runningMismatches: n(d.running),
      };
    },
  };
}

/** A game of the demo catalogue from a third-party vendor (not the in-house BGS): the vendor the seamless wallet's tests play as. */
export async function vendorGame(db: Database): Promise<{ id: number; code: string; vendor: string }> {
  const [game] = await db
    .select({ id: games.id, code: games.gameCode, vendor: games.vassalage })
    .from(games)
    .where(and(eq(games.merchantCode, 'DEMO'), ne(games.vassalage, 'BGS'), isNotNull(games.nodeId)))
    .limit(1);
  if (!game) throw new Error('no vendor game in the demo catalogue');
  return game;
}
