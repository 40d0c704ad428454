import { count, eq, } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seamlessErrorCodes, signatureWindowMs } from '../../../contract/seamless.ts';
import { bets, ledgerTransactions } from '../../db/schema-wallet.ts';
import { members } from '../../db/schema.ts';
import { demoOpeningBalance } from '../../seed/seed-wallet.ts';
import { createHarness, type Harness } from '../../test/identity-harness.ts';
import { createFundedMember, createMember, intactLedger, ledgerInvariants, vendorGame } from '../../test/wallet-harness.ts';
import { balanceOf, postTransaction } from '../wallet/ledger.ts';
import { buildApp } from '../../app.ts';
import { walletCredit, walletDebit } from './service.ts';
import { derivedVendorSecret, signBody, signedHeaders, vendorSecret } from './signature.ts';

let h: Harness;
let vendor: string;
let gameCode: string;
let gameId: number;
let secret: string;
let playerId: string;
let agentId: string;

interface Answer {
  status: number;
  body: { success: boolean; value?: Record<string, unknown>; errorCode?: string };
}

async function send(path: string, body: unknown, options: { headers?: Record<string, string>; sign?: boolean; as?: string; at?: number } = {}): Promise<Answer> {
  const raw = JSON.stringify(body);
  const signed = options.sign === false ? {} : signedHeaders(options.as ?? vendor, secret, raw, options.at ?? h.clock.now().getTime());
  const res = await h.app.inject({
    method: 'POST',
    url: `/lgw/wallet/${path}`,
    headers: { 'content-type': 'application/json', merchant: 'DEMO', ...signed, ...options.headers },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() };
}

const balance = async (memberId = playerId) => balanceOf(h.app.db, 'DEMO', { kind: 'member', memberId: Number(memberId) });
const ledgerCount = async () => (await h.app.db.select({ n: count() }).from(ledgerTransactions))[0]!.n;
const betOf = async (roundId: string) => (await h.app.db.select().from(bets).where(eq(bets.roundId, roundId)))[0];
let seq = 0;
const nextId = (prefix: string) => `${prefix}-${++seq}`;

beforeAll(async () => {
  h = await createHarness();
  ({ vendor, code: gameCode, id: gameId } = await vendorGame(h.app.db));
  secret = (await vendorSecret(h.app.db, vendor))!;
  const rows = await h.app.db.select({ id: members.id, username: members.username }).from(members);
  agentId = String(rows.find((r) => r.username === 'agent1')!.id);
});
afterAll(async () => {
  await h?.close();
});
// Each test's own player, with the seeded players' opening balance (agent1 is only refused or read).
let memberCount = 0;
beforeEach(async () => {
  const member = await createFundedMember(h.app.db, `seamlessplayer${++memberCount}`);
  playerId = String(member.id);
});

describe('signatures', () => {
  it('keeps one secret per vendor, created on first use; unknown vendors have none', async () => {
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(await vendorSecret(h.app.db, vendor)).toBe(secret);
    expect(await vendorSecret(h.app.db, 'BGS')).not.toBe(secret);
    expect(await vendorSecret(h.app.db, 'NOPE')).toBeNull();
  });

  it('answers 401 without the signature headers', async () => {
    const res = await send('balance', { playerId }, { sign: false });
    expect(res).toMatchObject({ status: 401, body: { success: false, errorCode: seamlessErrorCodes.signatureMissing } });
  });

  it('answers 401 to a wrong signature, a tampered body, another vendor key and an unknown vendor', async () => {
    const raw = JSON.stringify({ playerId });
    const at = String(h.clock.now().getTime());
    const tampered = await h.app.inject({
      method: 'POST',
      url: '/lgw/wallet/balance',
      headers: { 'content-type': 'application/json', merchant: 'DEMO', 'x-vendor': vendor, 'x-timestamp': at, 'x-signature': signBody(secret, at, raw) },
      payload: JSON.stringify({ playerId: agentId }),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({ errorCode: seamlessErrorCodes.signatureInvalid });
    expect(await send('balance', { playerId }, { headers: { 'x-signature': 'ab'.repeat(32) } })).toMatchObject({
      status: 401,
      body: { errorCode: seamlessErrorCodes.signatureInvalid },
    });
    expect(await send('balance', { playerId }, { headers: { 'x-signature': 'not hex' } })).toMatchObject({ status: 401 });
    expect(await send('balance', { playerId }, { as: 'BGS' })).toMatchObject({ status: 401, body: { errorCode: seamlessErrorCodes.signatureInvalid } });
    expect(await send('balance', { playerId }, { as: 'NOPE' })).toMatchObject({ status: 401, body: { errorCode: seamlessErrorCodes.vendorUnknown } });
  });

  it('refuses timestamps outside the replay window', async () => {
    const now = h.clock.now().getTime();
    expect(await send('balance', { playerId }, { at: now - signatureWindowMs - 1 })).toMatchObject({
      status: 401,
      body: { errorCode: seamlessErrorCodes.timestampExpired },
    });
    expect(await send('balance', { playerId }, { at: now + signatureWindowMs + 1 })).toMatchObject({ status: 401 });
    expect(await send('balance', { playerId }, { at: now - signatureWindowMs + 1000 })).toMatchObject({ status: 200 });
  });

  it('derives the secrets from VENDOR_WALLET_SECRET when it is set (the stored ones no longer sign)', async () => {
    const master = 'm'.repeat(40);
    const app = await buildApp({ db: h.testDb.db, vendorWalletSecret: master, rateLimitPerMinute: 100_000 });
    try {
      const inject = (key: string) => {
        const raw = JSON.stringify({ playerId });
        return app.inject({
          method: 'POST',
          url: '/lgw/wallet/balance',
          headers: { 'content-type': 'application/json', merchant: 'DEMO', ...signedHeaders(vendor, key, raw) },
          payload: raw,
        });
      };
      expect(derivedVendorSecret(master, vendor)).toMatch(/^[0-9a-f]{64}$/);
      expect((await inject(derivedVendorSecret(master, vendor))).statusCode).toBe(200);
      expect((await inject(secret)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('validates the signed body like any request (400) and needs the Merchant header', async () => {
    expect(await send('debit', { transactionId: 'x', playerId, gameCode, roundId: 'r', amount: -5 })).toMatchObject({
      status: 400,
      body: { errorCode: 'request.invalid' },
    });
    expect(await send('balance', { playerId }, { headers: { merchant: '' } })).toMatchObject({ status: 400 });
  });
});

describe('balance', () => {
  it('answers the member wallet in the merchant currency; unknown players are 404', async () => {
    expect(await send('balance', { playerId })).toMatchObject({ status: 200, body: { value: { balance: demoOpeningBalance, currency: 'PHP' } } });
    expect(await send('balance', { playerId: '999999' })).toMatchObject({ status: 404, body: { errorCode: seamlessErrorCodes.playerUnknown } });
    expect(await send('balance', { playerId: 'abc' })).toMatchObject({ status: 404 });
  });
});

describe('debit and credit', () => {
  it('a bet moves the stake member -> vendor and opens the round; a win pays vendor -> member and settles it', async () => {
    const before = await balance();
    const vendorBefore = await balanceOf(h.app.db, 'DEMO', { kind: 'vendor', vendorCode: vendor });
    const roundId = nextId('round');
    const debit = await send('debit', { transactionId: nextId('tx'), playerId, gameCode, roundId, amount: 1_000 });
    expect(debit).toMatchObject({ status: 200, body: { value: { balance: before - 1_000, currency: 'PHP', replayed: false } } });
    expect(await betOf(roundId)).toMatchObject({ status: 'open', stake: 1_000, win: 0, gameId, vendorCode: vendor, memberId: Number(playerId) });
    expect(await balanceOf(h.app.db, 'DEMO', { kind: 'vendor', vendorCode: vendor })).toBe(vendorBefore + 1_000);

    const credit = await send('credit', { transactionId: nextId('tx'), playerId, roundId, amount: 2_500 });
    expect(credit).toMatchObject({ status: 200, body: { value: { balance: before + 1_500, replayed: false } } });
    const bet = await betOf(roundId);
    expect(bet).toMatchObject({ status: 'settled', stake: 1_000, win: 2_500 });
    expect(bet!.betTxId).toBeTruthy();
    expect(bet!.settleTxId).toBe(credit.body.value!.platformTransactionId);
    expect(await balanceOf(h.app.db, 'DEMO', { kind: 'vendor', vendorCode: vendor })).toBe(vendorBefore - 1_500);
  });

  it('a lost round settles with 0 and no ledger movement', async () => {
    const roundId = nextId('round');
    await send('debit', { transactionId: nextId('tx'), playerId, gameCode, roundId, amount: 300 });
    const before = await balance();
    const transactions = await ledgerCount();
    const credit = await send('credit', { transactionId: nextId('tx'), playerId, roundId, amount: 0 });
    expect(credit).toMatchObject({ status: 200, body: { value: { balance: before, platformTransactionId: null } } });
    expect(await ledgerCount()).toBe(transactions);
    expect(await betOf(roundId)).toMatchObject({ status: 'settled', win: 0 });
  });

  it('is idempotent by transactionId: a replay answers the first result and changes nothing; other parameters are a conflict', async () => {
    const roundId = nextId('round');
    const txId = nextId('tx');
    const body = { transactionId: txId, playerId, gameCode, roundId, amount: 700 };
    const first = await send('debit', body);
    const transactions = await ledgerCount();
    const again = await send('debit', body);
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual({ ...first.body.value, replayed: true });
    expect(await ledgerCount()).toBe(transactions);
    expect(await send('debit', { ...body, amount: 701 })).toMatchObject({ status: 409, body: { errorCode: seamlessErrorCodes.transactionConflict } });
    expect(await send('debit', { ...body, transactionId: nextId('tx') })).toMatchObject({ status: 409, body: { errorCode: seamlessErrorCodes.roundExists } });

    const win = { transactionId: nextId('tx'), playerId, roundId, amount: 100 };
    const credited = await send('credit', win);
    const replayed = await send('credit', win);
    expect(replayed.body.value).toEqual({ ...credited.body.value, replayed: true });
    expect(await send('credit', { ...win, amount: 200 })).toMatchObject({ status: 409, body: { errorCode: seamlessErrorCodes.transactionConflict } });
    expect(await send('credit', { ...win, transactionId: nextId('tx') })).toMatchObject({ status: 409, body: { errorCode: seamlessErrorCodes.betSettled } });
    expect(await betOf(roundId)).toMatchObject({ status: 'settled', win: 100 });
  });

  it('a replay answers the balance of the first answer, not the current one', async () => {
    const before = await balance();
    const first = { transactionId: nextId('tx'), playerId, gameCode, roundId: nextId('round'), amount: 100 };
    const firstAnswer = await send('debit', first);
    expect(firstAnswer).toMatchObject({ status: 200, body: { value: { balance: before - 100 } } });
    const second = { transactionId: nextId('tx'), playerId, gameCode, roundId: nextId('round'), amount: 200 };
    expect(await send('debit', second)).toMatchObject({ status: 200, body: { value: { balance: before - 300 } } });
    const replayed = await send('debit', first);
    expect(replayed).toMatchObject({ status: 200, body: { value: { balance: before - 100, replayed: true } } });
    expect(replayed.body.value).toEqual({ ...firstAnswer.body.value, replayed: true });

    const win = { transactionId: nextId('tx'), playerId, roundId: first.roundId, amount: 50 };
    expect(await send('credit', win)).toMatchObject({ body: { value: { balance: before - 250 } } });
    await send('credit', { transactionId: nextId('tx'), playerId, roundId: second.roundId, amount: 1_000 });
    expect(await balance()).toBe(before + 750);
    expect(await send('credit', win)).toMatchObject({ status: 200, body: { value: { balance: before - 250, replayed: true } } });
  });

  it('keeps one bet per round in the database itself, and under concurrent debits of one round', async () => {
    const roundId = nextId('round');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send('debit', { transactionId: nextId('tx'), playerId, gameCode, roundId, amount: 10 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a).toMatchObject({ status: 409, body: { errorCode: seamlessErrorCodes.roundExists } });
    const bet = (await betOf(roundId))!;
    // Even a write that bypasses the service (no advisory lock) cannot add a second bet to the round.
    const duplicate = h.app.db.insert(bets).values({ merchantCode: 'DEMO', memberId: bet.memberId, vendorCode: vendor, roundId, stake: 10, status: 'open' });
    await expect(duplicate).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505', constraint: 'bets_round_uq' }) });
    expect(await h.app.db.select().from(bets).where(eq(bets.roundId, roundId))).toHaveLength(1);
  });

  it('concurrent replays of one debit make one bet and one ledger transaction', async () => {
    const roundId = nextId('round');
    const body = { transactionId: nextId('tx'), playerId, gameCode, roundId, amount: 50 };
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('debit', body)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.value!.replayed === false)).toHaveLength(1);
    expect(await h.app.db.select().from(bets).where(eq(bets.roundId, roundId))).toHaveLength(1);
    expect(await balance()).toBe(before - 50);
  });

  it('refuses a bet above the balance (409 wallet.balance.insufficient) and changes nothing', async () => {
    const before = await balance(agentId);
    const transactions = await ledgerCount();
    const roundId = nextId('round');
    const res = await send('debit', { transactionId: nextId('tx'), playerId: agentId, gameCode, roundId, amount: before + 1 });
    expect(res).toMatchObject({ status: 409, body: { success: false, errorCode: seamlessErrorCodes.balanceInsufficient } });
    expect(await balance(agentId)).toBe(before);
    expect(await ledgerCount()).toBe(transactions);
    expect(await betOf(roundId)).toBeUndefined();
  });

  it('answers 404 to an unknown game or player, and to a credit of an unknown round or another player', async () => {
    expect(await send('debit', { transactionId: nextId('tx'), playerId, gameCode: 'NO_SUCH', roundId: nextId('round'), amount: 1 })).toMatchObject({
      status: 404,
      body: { errorCode: seamlessErrorCodes.gameUnknown },
    });
    expect(await send('debit', { transactionId: nextId('tx'), playerId: '424242', gameCode, roundId: nextId('round'), amount: 1 })).toMatchObject({
      status: 404,
      body: { errorCode: seamlessErrorCodes.playerUnknown },
    });
    expect(await send('credit', { transactionId: nextId('tx'), playerId, roundId: 'never', amount: 5 })).toMatchObject({
      status: 404,
      body: { errorCode: seamlessErrorCodes.betNotFound },
    });
    const roundId = nextId('round');
    await send('debit', { transactionId: nextId('tx'), playerId, gameCode, roundId, amount: 10 });
    expect(await send('credit', { transactionId: nextId('tx'), playerId: agentId, roundId, amount: 5 })).toMatchObject({ status: 404 });
  });
});

describe('a disabled member', () => {
  it('cannot bet, but an open round is still settled and paid', async () => {
    const [mobile] = await h.app.db.select({ id: members.id }).from(members).where(eq(members.username, 'mobile1'));
    const id = String(mobile!.id);
    const roundId = nextId('round');
    await send('debit', { transactionId: nextId('tx'), playerId: id, gameCode, roundId, amount: 100 });
    await h.app.db.update(members).set({ status: 'disabled' }).where(eq(members.id, mobile!.id));
    expect(await send('debit', { transactionId: nextId('tx'), playerId: id, gameCode, roundId: nextId('round'), amount: 100 })).toMatchObject({
      status: 404,
      body: { errorCode: seamlessErrorCodes.playerUnknown },
    });
    const credit = await send('credit', { transactionId: nextId('tx'), playerId: id, roundId, amount: 150 });
    expect(credit).toMatchObject({ status: 200, body: { value: { balance: demoOpeningBalance + 50 } } });
  });
});

describe('rollback', () => {
  it('refunds an open bet once; repeated rollbacks (same or new transactionId) are no-ops', async () => {
    const before = await balance();
    const roundId = nextId('round');
    await send('debit', { transactionId: nextId('tx'), playerId, gameCode, roundId, amount: 400 });
    const body = { transactionId: nextId('tx'), playerId, roundId };
    const first = await send('rollback', body);
    expect(first).toMatchObject({ status: 200, body: { value: { balance: before, replayed: false } } });
    expect(await betOf(roundId)).toMatchObject({ status: 'rolled_back', win: 0 });
    const transactions = await ledgerCount();
    expect((await send('rollback', body)).body.value).toEqual({ ...first.body.value, replayed: true });
    expect(await send('rollback', { ...body, transactionId: nextId('tx') })).toMatchObject({ status: 200, body: { value: { replayed: true, balance: before } } });
    expect(await ledgerCount()).toBe(transactions);
    expect(await balance()).toBe(before);
    expect(await send('credit', { transactionId: nextId('tx'), playerId, roundId, amount: 10 })).toMatchObject({
      status: 409,
      body: { errorCode: seamlessErrorCodes.betRolledBack },
    });
  });

  it('remembers a rollback of an unknown round: a debit of that round or with that transactionId arriving later is refused', async () => {
    const before = await balance();
    const transactions = await ledgerCount();
    const roundId = nextId('round');
    const rollback = { transactionId: nextId('tx'), playerId, roundId };
    expect(await send('rollback', rollback)).toMatchObject({ status: 404, body: { errorCode: seamlessErrorCodes.betNotFound } });
    expect(await send('rollback', rollback)).toMatchObject({ status: 404, body: { errorCode: seamlessErrorCodes.betNotFound } });
    // The late debit of the voided round: refused, the player is not charged.
    expect(await send('debit', { transactionId: nextId('tx'), playerId, gameCode, roundId, amount: 500 })).toMatchObject({
      status: 409,
      body: { success: false, errorCode: seamlessErrorCodes.roundVoided },
    });
    expect(await send('debit', { transactionId: rollback.transactionId, playerId, gameCode, roundId: nextId('round'), amount: 500 })).toMatchObject({
      status: 409,
      body: { errorCode: seamlessErrorCodes.transactionConflict },
    });
    expect(await betOf(roundId)).toBeUndefined();
    expect(await balance()).toBe(before);
    expect(await ledgerCount()).toBe(transactions);
    // Other rounds are not affected.
    expect(await send('debit', { transactionId: nextId('tx'), playerId, gameCode, roundId: nextId('round'), amount: 5 })).toMatchObject({ status: 200 });
  });

  it('answers 404 for an unknown round and 409 for a settled one, changing nothing', async () => {
    const transactions = await ledgerCount();
    const before = await balance();
    expect(await send('rollback', { transactionId: nextId('tx'), playerId, roundId: 'unknown-round' })).toMatchObject({
      status: 404,
      body: { success: false, errorCode: seamlessErrorCodes.betNotFound },
    });
    const roundId = nextId('round');
    await send('debit', { transactionId: nextId('tx'), playerId, gameCode, roundId, amount: 250 });
    await send('credit', { transactionId: nextId('tx'), playerId, roundId, amount: 0 });
    const afterRound = await balance();
    const afterTransactions = await ledgerCount();
    expect(await send('rollback', { transactionId: nextId('tx'), playerId, roundId })).toMatchObject({
      status: 409,
      body: { errorCode: seamlessErrorCodes.betSettled },
    });
    expect(await balance()).toBe(afterRound);
    expect(afterRound).toBe(before - 250);
    expect(await ledgerCount()).toBe(afterTransactions);
    expect(afterTransactions).toBe(transactions + 1);
    expect(await betOf(roundId)).toMatchObject({ status: 'settled' });
  });
});

describe('batches (requests that arrive together are applied in one statement)', () => {
  async function fundedMember(username: string, amount: number): Promise<string> {
    const m = await createMember(h.app.db, username);
    await postTransaction(h.app.db, {
      merchantId: 'DEMO',
      idempotencyKey: `fund:${m.id}`,
      kind: 'adjust',
      postings: [
        { account: { kind: 'house' }, amount: -amount },
        { account: { kind: 'member', memberId: m.id }, amount },
      ],
    });
    return String(m.id);
  }

  it('applies them in order against one running balance: a member never pays more than they have', async () => {
    const member = await fundedMember('batchbalance', 100);
    const answers = await Promise.all(
      [40, 40, 40].map(() => send('debit', { transactionId: nextId('tx'), playerId: member, gameCode, roundId: nextId('round'), amount: 40 })),
    );
    const paid = answers.filter((a) => a.status === 200);
    expect(paid.map((a) => a.body.value!.balance).sort()).toEqual([20, 60]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.errorCode)).toEqual([seamlessErrorCodes.balanceInsufficient]);
    expect(await balance(member)).toBe(20);
    expect(await ledgerInvariants(h.app.db)).toEqual(intactLedger);
  });

  it('applies a credit sent together with the debit of its round after the debit', async () => {
    const member = await fundedMember('batchorder', 1_000);
    const roundId = nextId('round');
    // Called in one turn of the event loop, in this order (over HTTP, two requests sent together may reach the
    // service in either order: the rate limit counts them in the database on PostgreSQL).
    const scope = { merchantCode: 'DEMO', currency: 'PHP', vendorCode: vendor };
    const now = new Date();
    const [debit, credit] = await Promise.all([
      walletDebit(h.app.db, scope, { transactionId: nextId('tx'), playerId: member, gameCode, roundId, amount: 300 }, now),
      walletCredit(h.app.db, scope, { transactionId: nextId('tx'), playerId: member, roundId, amount: 500 }, now),
    ]);
    expect(debit).toMatchObject({ balance: 700 });
    expect(credit).toMatchObject({ balance: 1_200 });
    expect(await betOf(roundId)).toMatchObject({ status: 'settled', stake: 300, win: 500 });
  });

  it('keeps the whole ledger intact under many members betting, winning and rolling back at once', async () => {
    const players = await Promise.all([1, 2, 3, 4].map((i) => fundedMember(`batchmany${i}`, 10_000)));
    const rounds = players.flatMap((playerId) => Array.from({ length: 6 }, () => ({ playerId, roundId: nextId('round') })));
    const debits = await Promise.all(
      rounds.map(({ playerId, roundId }) => send('debit', { transactionId: nextId('tx'), playerId, gameCode, roundId, amount: 700 })),
    );
    expect(debits.every((a) => a.status === 200)).toBe(true);
    const settled = await Promise.all(
      rounds.map(({ playerId, roundId }, i) =>
        i % 3 === 0
          ? send('rollback', { transactionId: nextId('tx'), playerId, roundId })
          : send('credit', { transactionId: nextId('tx'), playerId, roundId, amount: i % 3 === 1 ? 0 : 1_400 }),
      ),
    );
    expect(settled.every((a) => a.status === 200)).toBe(true);
    // Per player: rounds 0 and 3 rolled back, 1 and 4 lost (-700), 2 and 5 won (+700) -> unchanged overall.
    for (const playerId of players) expect(await balance(playerId)).toBe(10_000);
    expect(await ledgerInvariants(h.app.db)).toEqual(intactLedger);
  });
});
