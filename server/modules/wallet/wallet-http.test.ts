import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addBankCardEndpoint,
  bankCardsEndpoint,
  betRecordsEndpoint,
  createDepositEndpoint,
  createWithdrawalEndpoint,
  depositOptionsEndpoint,
  depositOrdersEndpoint,
  depositStatusEndpoint,
  gatewayCallbackEndpoint,
  hasWithdrawalPasswordEndpoint,
  setWithdrawalPasswordEndpoint,
  transactionRecordsEndpoint,
  verifyWithdrawalPasswordEndpoint,
  walletEndpoint,
  withdrawalStatusEndpoint,
  withdrawalsEndpoint,
  withdrawInfoEndpoint,
} from '../../../contract/wallet.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import type { MemberRow } from '../../db/schema.ts';
import { games } from '../../db/schema-catalogue.ts';
import { bets, localGatewayPayments } from '../../db/schema-wallet.ts';
import { demoMallBonusPaid } from '../../seed/seed-loyalty.ts';
import { demoPromotionBonusesPaid } from '../../seed/seed-promotions.ts';
import { demoOpeningBalance } from '../../seed/seed-wallet.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createFundedMember, createMember, intactLedger, ledgerInvariants, signIn, signInTrial } from '../../test/wallet-harness.ts';
import { hmacHex } from './gateway/provider.ts';
import { postTransaction } from './ledger.ts';

const secret = 'test-gateway-secret';
let h: Harness;
/** The seeded player1 (read only). */
let player1: TestClient;
let agent: TestClient;
/** Each test's own members: `fresh` with nothing, `player` with the seeded players' opening balance. */
let fresh: TestClient;
let freshMember: MemberRow;
let player: TestClient;
let playerName: string;
let keyCounter = 0;
let memberCount = 0;
const key = () => `test-key-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  process.env.PAYMENT_LOCAL_SECRET = secret;
  h = await createHarness();
  delete process.env.PAYMENT_LOCAL_SECRET;
  player1 = await signIn(h, demoAccounts.player.username, demoAccounts.player.password);
  agent = await signIn(h, demoAccounts.agent.username, demoAccounts.agent.password);
});

beforeEach(async () => {
  memberCount++;
  freshMember = await createMember(h.testDb.db, `walletfresh${memberCount}`);
  fresh = await signIn(h, freshMember.username);
  playerName = `walletplayer${memberCount}`;
  await createFundedMember(h.testDb.db, playerName);
  player = await signIn(h, playerName);
});

afterAll(async () => {
  await h?.close();
});

/** The hosted page's path and token of a pay URL. */
function payPage(payUrl: string | null) {
  if (!payUrl) throw new Error('no pay url');
  const url = new URL(payUrl, 'http://localhost');
  return { path: url.pathname, token: url.searchParams.get('t') ?? '' };
}

async function submitPage(payUrl: string | null, verb: 'confirm' | 'cancel' | 'notify', token?: string) {
  const page = payPage(payUrl);
  return h.app.inject({
    method: 'POST',
    url: `${page.path}/${verb}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `t=${encodeURIComponent(token ?? page.token)}`,
  });
}

function signedCallback(body: object, signWith = secret) {
  const raw = JSON.stringify(body);
  return h.app.inject({
    method: 'POST',
    url: gatewayCallbackEndpoint.path,
    headers: { merchant: 'DEMO', 'content-type': 'application/json', 'x-signature': hmacHex(signWith, raw) },
    payload: raw,
  });
}

const balanceOf = async (c: TestClient) => (await c.call(walletEndpoint, {})).sumBalance;

describe('wallet', () => {
  it("answers the merchant and member wallet with player1's seeded balance (the opening balance, the demo promotions' bonuses and the reward)", async () => {
    const wallet = await player1.call(walletEndpoint, {});
    expect(wallet.merchant).toEqual({ merchantCode: 'DEMO', currency: { code: 'PHP', symbol: '₱', minorUnits: 2 } });
    expect(wallet.sumBalance).toBe(demoOpeningBalance + demoPromotionBonusesPaid + demoMallBonusPaid);
    expect(wallet.member.held).toBe(0);
  });

  it('needs a session', async () => {
    const res = await rawCall(h.app, walletEndpoint);
    expect(res.status).toBe(401);
    expect(res.errorCode).toBe('user.or.token.invalid');
  });

  it('starts a new member at zero', async () => {
    expect(await fresh.call(walletEndpoint, {})).toMatchObject({ sumBalance: 0, member: { memberId: freshMember.id, balance: 0, held: 0 } });
  });
});

describe('deposit', () => {
  it('lists channels with limits, promotions and the 258 bonus badge', async () => {
    const options = await fresh.call(depositOptionsEndpoint, {});
    expect(options.channels.map((c) => c.code)).toEqual(['LOCALPAY', 'EWALLET']);
    expect(options.channels[0]).toMatchObject({ minAmount: 10000, maxAmount: 5000000, provider: 'local' });
    expect(options.bonusBadge).toBe(25800);
    expect(options.promotions.find((p) => p.code === 'FIRST258')).toMatchObject({ available: true, maxBonus: 25800 });
  });

  it('takes deposits only from member types 0, 1 and 2: type 40 has no permission', async () => {
    await createMember(h.testDb.db, 'walletplain40', 40);
    const plain = await signIn(h, 'walletplain40');
    const before = await ledgerInvariants(h.testDb.db);
    const error = await failureOf(
      plain.call(createDepositEndpoint, { body: { channelCode: 'LOCALPAY', amount: 10000, idempotencyKey: key() } }),
    );
    expect(error.status).toBe(403);
    expect(error.errorCode).toBe('request.forbidden');
    expect(await ledgerInvariants(h.testDb.db)).toEqual(before);
    // An agent (type 1) may.
    const order = await agent.call(createDepositEndpoint, { body: { channelCode: 'LOCALPAY', amount: 10000, idempotencyKey: key() } });
    expect(order.status).toBe('pending');
  });

  it('rejects trial accounts with free_reject', async () => {
    const trial = await signInTrial(h);
    const error = await failureOf(
      trial.call(createDepositEndpoint, { body: { channelCode: 'LOCALPAY', amount: 10000, idempotencyKey: key() } }),
    );
    expect(error.status).toBe(403);
    expect(error.errorCode).toBe('free_reject');
  });

  it('refuses bad input with 4xx and an errorCode', async () => {
    const cases: [object, number, string][] = [
      [{ channelCode: 'LOCALPAY', amount: 100.5, idempotencyKey: key() }, 400, 'request.invalid'],
      [{ channelCode: 'LOCALPAY', amount: -5, idempotencyKey: key() }, 400, 'request.invalid'],
      [{ channelCode: 'LOCALPAY', amount: 10000, idempotencyKey: 'short' }, 400, 'request.invalid'],
      [{ channelCode: 'LOCALPAY', amount: 9999, idempotencyKey: key() }, 400, 'wallet.amount.range'],
      [{ channelCode: 'LOCALPAY', amount: 5000001, idempotencyKey: key() }, 400, 'wallet.amount.range'],
      [{ channelCode: 'NOPE', amount: 10000, idempotencyKey: key() }, 400, 'deposit.channel.unknown'],
      [{ channelCode: 'LOCALPAY', amount: 10000, promotionId: 999999, idempotencyKey: key() }, 400, 'deposit.promotion.unavailable'],
    ];
    for (const [payload, status, errorCode] of cases) {
      const res = await rawCall(h.app, createDepositEndpoint, { headers: { authorization: fresh.token ?? '' }, payload });
      expect({ payload, status: res.status, errorCode: res.errorCode }).toEqual({ payload, status, errorCode });
    }
  });

  it('credits a deposit once through the hosted page and its signed callback, with the first-deposit bonus', async () => {
    const options = await fresh.call(depositOptionsEndpoint, {});
    const promotion = options.promotions.find((p) => p.code === 'FIRST258');
    const idempotencyKey = key();
    const body = { channelCode: 'LOCALPAY', amount: 20000, promotionId: promotion?.id ?? null, idempotencyKey };
    const order = await fresh.call(createDepositEndpoint, { body });
    expect(order).toMatchObject({ status: 'pending', amount: 20000, bonus: 20000 });
    expect(await balanceOf(fresh)).toBe(0);

    // A replay answers the same order; the same key with another amount is refused.
    expect((await fresh.call(createDepositEndpoint, { body })).orderNo).toBe(order.orderNo);
    const conflict = await failureOf(fresh.call(createDepositEndpoint, { body: { ...body, amount: 30000 } }));
    expect([conflict.status, conflict.errorCode]).toEqual([409, 'request.idempotency.conflict']);

    // The hosted page: plain HTML without script, behind the token.
    const page = payPage(order.payUrl);
    const shown = await h.app.inject({ method: 'GET', url: order.payUrl ?? '' });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain(order.orderNo);
    expect(shown.body).toContain('PHP 200.00');
    expect(shown.body).not.toMatch(/<script/i);
    expect(String(shown.headers['content-security-policy'])).toContain("script-src 'self'");
    expect((await h.app.inject({ method: 'GET', url: `${page.path}?t=wrong` })).statusCode).toBe(404);
    expect((await submitPage(order.payUrl, 'confirm', 'wrong')).statusCode).toBe(404);

    const confirmed = await submitPage(order.payUrl, 'confirm');
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toContain('n=1');
    expect(await fresh.call(depositStatusEndpoint, { query: { orderNo: order.orderNo } })).toMatchObject({
      status: 'completed',
      payUrl: null,
    });
    expect(await balanceOf(fresh)).toBe(40000);

    // Repeated callbacks (from the page and replayed) change nothing.
    expect((await submitPage(order.payUrl, 'notify')).headers.location).toContain('n=1');
    expect((await submitPage(order.payUrl, 'confirm')).statusCode).toBe(303);
    const [payment] = await h.testDb.db.select().from(localGatewayPayments).where(eq(localGatewayPayments.orderNo, order.orderNo));
    if (!payment) throw new Error('no gateway payment');
    const callback = h.app.wallet.localGateway.callbackOf(payment);
    for (let i = 0; i < 3; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: gatewayCallbackEndpoint.path,
        headers: { merchant: 'DEMO', 'content-type': 'application/json', 'x-signature': callback.signature },
        payload: callback.rawBody,
      });
      expect(res.json()).toEqual({ success: true, value: { orderNo: order.orderNo, status: 'completed' } });
    }
    expect(await balanceOf(fresh)).toBe(40000);

    // The bonus was for the first deposit only.
    const after = await fresh.call(depositOptionsEndpoint, {});
    expect(after.promotions.find((p) => p.code === 'FIRST258')?.available).toBe(false);
    const records = await fresh.call(transactionRecordsEndpoint, { query: { types: 'A' } });
    expect(records.list.map((r) => [r.kind, r.amount, r.balanceAfter, r.reference])).toEqual([
      ['bonus', 20000, 40000, order.orderNo],
      ['deposit', 20000, 20000, order.orderNo],
    ]);
    expect(await ledgerInvariants(h.testDb.db)).toEqual(intactLedger);
  });

  it('refuses callbacks with a bad signature or a wrong amount', async () => {
    const order = await fresh.call(createDepositEndpoint, { body: { channelCode: 'EWALLET', amount: 5000, idempotencyKey: key() } });
    const body = { orderNo: order.orderNo, providerRef: 'LPX', status: 'paid', amount: 5000, timestamp: Date.now() };
    const forged = await signedCallback(body, 'not-the-secret');
    expect([forged.statusCode, forged.json().errorCode]).toEqual([401, 'deposit.gateway.signature']);
    const unsigned = await rawCall(h.app, gatewayCallbackEndpoint, { payload: body });
    expect([unsigned.status, unsigned.errorCode]).toEqual([401, 'deposit.gateway.signature']);
    const wrongAmount = await signedCallback({ ...body, amount: 500000 });
    expect([wrongAmount.statusCode, wrongAmount.json().errorCode]).toEqual([400, 'deposit.gateway.amount']);
    const unknown = await signedCallback({ ...body, orderNo: 'D0000NOPE' });
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'deposit.not.found']);
    const notJson = await h.app.inject({
      method: 'POST',
      url: gatewayCallbackEndpoint.path,
      headers: { merchant: 'DEMO', 'content-type': 'application/json', 'x-signature': hmacHex(secret, '{nope') },
      payload: '{nope',
    });
    expect([notJson.statusCode, notJson.json().errorCode]).toEqual([400, 'request.invalid']);
    expect((await fresh.call(depositStatusEndpoint, { query: { orderNo: order.orderNo } })).status).toBe('pending');
  });

  it('cancels on the hosted page; a later paid callback credits nothing', async () => {
    const before = await balanceOf(fresh);
    const order = await fresh.call(createDepositEndpoint, { body: { channelCode: 'EWALLET', amount: 7000, idempotencyKey: key() } });
    expect((await submitPage(order.payUrl, 'cancel')).statusCode).toBe(303);
    expect((await fresh.call(depositStatusEndpoint, { query: { orderNo: order.orderNo } })).status).toBe('cancelled');
    const late = await signedCallback({ orderNo: order.orderNo, providerRef: 'LPX', status: 'paid', amount: 7000, timestamp: Date.now() });
    expect(late.json().value.status).toBe('cancelled');
    expect(await balanceOf(fresh)).toBe(before);
  });

  it("does not show one member's deposit to another", async () => {
    const order = await fresh.call(createDepositEndpoint, { body: { channelCode: 'EWALLET', amount: 5000, idempotencyKey: key() } });
    const error = await failureOf(agent.call(depositStatusEndpoint, { query: { orderNo: order.orderNo } }));
    expect([error.status, error.errorCode]).toEqual([404, 'deposit.not.found']);
    expect((await agent.call(depositOrdersEndpoint, { query: {} })).list.some((d) => d.orderNo === order.orderNo)).toBe(false);
  });

  it('lists the member\'s deposits of every status, newest first, paged', async () => {
    // Completed, pending, cancelled and pending again, a second apart.
    const completed = await fresh.call(createDepositEndpoint, { body: { channelCode: 'LOCALPAY', amount: 20000, idempotencyKey: key() } });
    expect((await submitPage(completed.payUrl, 'confirm')).statusCode).toBe(303);
    h.clock.advance(1000);
    await fresh.call(createDepositEndpoint, { body: { channelCode: 'EWALLET', amount: 5000, idempotencyKey: key() } });
    h.clock.advance(1000);
    const cancelled = await fresh.call(createDepositEndpoint, { body: { channelCode: 'EWALLET', amount: 7000, idempotencyKey: key() } });
    expect((await submitPage(cancelled.payUrl, 'cancel')).statusCode).toBe(303);
    h.clock.advance(1000);
    await fresh.call(createDepositEndpoint, { body: { channelCode: 'EWALLET', amount: 5000, idempotencyKey: key() } });
    const all = await fresh.call(depositOrdersEndpoint, { query: {} });
    expect(all.total).toBe(4);
    expect(all.list.map((d) => d.status)).toEqual(['pending', 'cancelled', 'pending', 'completed']);
    const page = await fresh.call(depositOrdersEndpoint, { query: { pageNo: 2, pageSize: 3 } });
    expect(page).toMatchObject({ pageNum: 2, totalPages: 2, total: 4 });
    expect(page.list.map((d) => d.orderNo)).toEqual([all.list[3]?.orderNo]);
  });
});

describe('withdraw', () => {
  /** Adds the player's card ending 9012 (and sets the withdrawal password 123456 when asked); its id. */
  async function playerCard(options: { password?: boolean } = {}): Promise<number> {
    const card = await player.call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Player One', accountNumber: '1234 5678 9012' } });
    if (options.password) await player.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '123456', confirmPassword: '123456' } });
    return card.id;
  }

  it('starts without bank cards or withdrawal password', async () => {
    const info = await player.call(withdrawInfoEndpoint, {});
    expect(info).toMatchObject({ balance: demoOpeningBalance, held: 0, bankCards: [], hasWithdrawalPassword: false, maxBankCards: 5 });
    expect(info.banks).toContain('BDO Unibank');
  });

  it('adds bank cards, masked, at most five, each once', async () => {
    const bad = await failureOf(
      player.call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Player One', accountNumber: '12ab' } }),
    );
    expect([bad.status, bad.errorCode]).toEqual([400, 'bankcard.number.invalid']);
    const badBank = await failureOf(
      player.call(addBankCardEndpoint, { body: { bankName: 'Nope Bank', accountName: 'Player One', accountNumber: '1234567890' } }),
    );
    expect([badBank.status, badBank.errorCode]).toEqual([400, 'request.invalid']);
    const card = await player.call(addBankCardEndpoint, {
      body: { bankName: 'BPI', accountName: 'Player One', accountNumber: '1234 5678 9012' },
    });
    expect(card).toMatchObject({ bankName: 'BPI', accountNumberMasked: '**** 9012' });
    const again = await failureOf(
      player.call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Player One', accountNumber: '123456789012' } }),
    );
    expect([again.status, again.errorCode]).toEqual([409, 'bankcard.exists']);
    for (let i = 0; i < 4; i++) {
      await player.call(addBankCardEndpoint, { body: { bankName: 'BDO Unibank', accountName: 'Player One', accountNumber: `99887766${i}` } });
    }
    const full = await failureOf(
      player.call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Player One', accountNumber: '5555555555' } }),
    );
    expect([full.status, full.errorCode]).toEqual([409, 'bankcard.limit']);
    expect((await player.call(bankCardsEndpoint, {})).length).toBe(5);
  });

  it('needs a withdrawal password, set as 6 digits and checked', async () => {
    const cardId = await playerCard();
    const none = await failureOf(
      player.call(createWithdrawalEndpoint, { body: { bankCardId: cardId, amount: 10000, withdrawalPassword: '123456', idempotencyKey: key() } }),
    );
    expect([none.status, none.errorCode]).toEqual([400, 'withdraw.password.required']);
    const invalid = await failureOf(
      player.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '12ab56', confirmPassword: '12ab56' } }),
    );
    expect(invalid.errorCode).toBe('withdraw.password.invalid');
    const mismatch = await failureOf(
      player.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '123456', confirmPassword: '123457' } }),
    );
    expect(mismatch.errorCode).toBe('password.confirm.mismatch');
    expect(await player.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '123456', confirmPassword: '123456' } })).toEqual({
      hasWithdrawalPassword: true,
    });
    expect(await player.call(hasWithdrawalPasswordEndpoint, {})).toEqual({ hasWithdrawalPassword: true });
    const noOld = await failureOf(
      player.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '654321', confirmPassword: '654321' } }),
    );
    expect(noOld.errorCode).toBe('modify.old.password.incorrect');
    expect(await player.call(verifyWithdrawalPasswordEndpoint, { body: { password: '123456' } })).toEqual({ valid: true });
    const wrong = await failureOf(player.call(verifyWithdrawalPasswordEndpoint, { body: { password: '000000' } }));
    expect([wrong.status, wrong.errorCode, wrong.value]).toEqual([400, 'withdraw.password.incorrect', { attemptsLeft: 4 }]);
    // A right answer resets the count.
    await player.call(verifyWithdrawalPasswordEndpoint, { body: { password: '123456' } });
  });

  it('locks the withdrawal password after five wrong answers', async () => {
    await createMember(h.testDb.db, 'walletlock');
    const c = await signIn(h, 'walletlock');
    await c.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '111111', confirmPassword: '111111' } });
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await failureOf(c.call(verifyWithdrawalPasswordEndpoint, { body: { password: '222222' } }))).errorCode);
    expect(codes).toEqual([...Array(4).fill('withdraw.password.incorrect'), 'withdraw.password.locked']);
    const locked = await failureOf(c.call(verifyWithdrawalPasswordEndpoint, { body: { password: '111111' } }));
    expect([locked.status, locked.errorCode]).toEqual([429, 'withdraw.password.locked']);
  });

  it('holds the amount on request, once per idempotency key, and refuses overdrafts and other cards', async () => {
    const cardId = await playerCard({ password: true });
    const otherCard = await fresh.call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Fresh', accountNumber: '44443333' } });
    const foreign = await failureOf(
      player.call(createWithdrawalEndpoint, {
        body: { bankCardId: otherCard.id, amount: 10000, withdrawalPassword: '123456', idempotencyKey: key() },
      }),
    );
    expect([foreign.status, foreign.errorCode]).toEqual([400, 'bankcard.not.found']);
    const over = await failureOf(
      player.call(createWithdrawalEndpoint, {
        body: { bankCardId: cardId, amount: demoOpeningBalance + 100, withdrawalPassword: '123456', idempotencyKey: key() },
      }),
    );
    expect([over.status, over.errorCode]).toEqual([409, 'wallet.balance.insufficient']);
    const small = await failureOf(
      player.call(createWithdrawalEndpoint, { body: { bankCardId: cardId, amount: 99, withdrawalPassword: '123456', idempotencyKey: key() } }),
    );
    expect(small.errorCode).toBe('wallet.amount.range');
    const wrongPassword = await failureOf(
      player.call(createWithdrawalEndpoint, { body: { bankCardId: cardId, amount: 10000, withdrawalPassword: '999999', idempotencyKey: key() } }),
    );
    expect(wrongPassword.errorCode).toBe('withdraw.password.incorrect');
    await player.call(verifyWithdrawalPasswordEndpoint, { body: { password: '123456' } });

    const body = { bankCardId: cardId, amount: 100000, withdrawalPassword: '123456', idempotencyKey: key() };
    const w = await player.call(createWithdrawalEndpoint, { body });
    expect(w).toMatchObject({ status: 'pending', amount: 100000, bankCard: { id: cardId, accountNumberMasked: '**** 9012' } });
    expect((await player.call(createWithdrawalEndpoint, { body })).orderNo).toBe(w.orderNo);
    const conflict = await failureOf(player.call(createWithdrawalEndpoint, { body: { ...body, amount: 20000 } }));
    expect([conflict.status, conflict.errorCode]).toEqual([409, 'request.idempotency.conflict']);
    const wallet = await player.call(walletEndpoint, {});
    expect(wallet.member).toMatchObject({ balance: demoOpeningBalance - 100000, held: 100000 });

    const hidden = await failureOf(agent.call(withdrawalStatusEndpoint, { query: { orderNo: w.orderNo } }));
    expect([hidden.status, hidden.errorCode]).toEqual([404, 'withdraw.not.found']);
    expect((await player.call(withdrawalStatusEndpoint, { query: { orderNo: w.orderNo } })).status).toBe('pending');
  });

  it('is approved or rejected by the operator, each once', async () => {
    const cardId = await playerCard({ password: true });
    await player.call(createWithdrawalEndpoint, { body: { bankCardId: cardId, amount: 100000, withdrawalPassword: '123456', idempotencyKey: key() } });
    const listed = await executeAdminCommand(h.testDb.db, { kind: 'withdrawals.list', merchant: 'DEMO', status: 'pending' });
    if (!('withdrawals' in listed)) throw new Error('expected withdrawals');
    const pending = listed.withdrawals.find((w) => w.username === playerName);
    if (!pending) throw new Error('no pending withdrawal');
    const approved = await executeAdminCommand(h.testDb.db, { kind: 'withdrawals.approve', merchant: 'DEMO', id: pending.orderNo });
    expect('withdrawals' in approved && approved.withdrawals[0]?.status).toBe('approved');
    expect(await player.call(walletEndpoint, {})).toMatchObject({ member: { balance: demoOpeningBalance - 100000, held: 0 } });
    // Approving again changes nothing; rejecting now is refused.
    await executeAdminCommand(h.testDb.db, { kind: 'withdrawals.approve', merchant: 'DEMO', id: String(pending.id) });
    await expect(
      executeAdminCommand(h.testDb.db, { kind: 'withdrawals.reject', merchant: 'DEMO', id: pending.orderNo }),
    ).rejects.toMatchObject({ errorCode: 'withdraw.decided' });

    const second = await player.call(createWithdrawalEndpoint, {
      body: { bankCardId: cardId, amount: 50000, withdrawalPassword: '123456', idempotencyKey: key() },
    });
    await executeAdminCommand(h.testDb.db, { kind: 'withdrawals.reject', merchant: 'DEMO', id: second.orderNo });
    expect((await player.call(withdrawalStatusEndpoint, { query: { orderNo: second.orderNo } })).status).toBe('rejected');
    expect(await player.call(walletEndpoint, {})).toMatchObject({ member: { balance: demoOpeningBalance - 100000, held: 0 } });
    await expect(
      executeAdminCommand(h.testDb.db, { kind: 'withdrawals.approve', merchant: 'DEMO', id: 'W0NOPE' }),
    ).rejects.toMatchObject({ errorCode: 'withdraw.not.found' });

    const orders = await player.call(withdrawalsEndpoint, { query: {} });
    expect(orders.list.map((w) => [w.orderNo, w.status])).toEqual([
      [second.orderNo, 'rejected'],
      [pending.orderNo, 'approved'],
    ]);
    expect((await agent.call(withdrawalsEndpoint, { query: {} })).total).toBe(0);

    const records = await player.call(transactionRecordsEndpoint, { query: { types: 'W' } });
    expect(records.list.map((r) => [r.kind, r.account, r.amount])).toEqual([
      ['withdraw.release', 'wallet', 50000],
      ['withdraw.release', 'hold', -50000],
      ['withdraw.hold', 'hold', 50000],
      ['withdraw.hold', 'wallet', -50000],
      ['withdraw.pay', 'hold', -100000],
      ['withdraw.hold', 'hold', 100000],
      ['withdraw.hold', 'wallet', -100000],
    ]);
    expect(await ledgerInvariants(h.testDb.db)).toEqual(intactLedger);
  });

  it('is refused to trial accounts', async () => {
    const trial = await signInTrial(h);
    const card = await failureOf(
      trial.call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Trial', accountNumber: '12345678' } }),
    );
    expect(card.errorCode).toBe('free_reject');
    const password = await failureOf(trial.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '123456', confirmPassword: '123456' } }));
    expect(password.errorCode).toBe('free_reject');
  });
});

describe('records', () => {
  let member: MemberRow;
  let client: TestClient;

  beforeAll(async () => {
    member = await createMember(h.testDb.db, 'walletrecords');
    client = await signIn(h, 'walletrecords');
    const db = h.testDb.db;
    const post = (k: string, kind: string, amount: number, other: { kind: 'house' } | { kind: 'vendor'; vendorCode: string }, meta = {}) =>
      postTransaction(db, {
        merchantId: 'DEMO',
        idempotencyKey: `records:${member.id}:${k}`,
        kind,
        postings: [
          { account: other, amount: -amount },
          { account: { kind: 'member', memberId: member.id }, amount },
        ],
        meta,
      });
    await post('adjust', 'adjust', 100000, { kind: 'house' });
    const [game] = await db.select().from(games).where(eq(games.vassalage, 'BGS')).limit(1);
    for (let i = 0; i < 3; i++) {
      const bet = await post(`bet${i}`, 'bet', -1000, { kind: 'vendor', vendorCode: 'BGS' }, { roundId: `R${i}` });
      const win = i === 1 ? 0 : 2500;
      const settle = win ? await post(`win${i}`, 'win', win, { kind: 'vendor', vendorCode: 'BGS' }, { roundId: `R${i}` }) : null;
      await db.insert(bets).values({
        merchantCode: 'DEMO',
        memberId: member.id,
        gameId: game?.id ?? null,
        vendorCode: 'BGS',
        roundId: `R${i}`,
        stake: 1000,
        win,
        status: 'settled',
        betTxId: bet.transactionId,
        settleTxId: settle?.transactionId ?? null,
        settledAt: new Date(),
      });
    }
  });

  it('lists every movement of the member, filtered by type, newest first, paged', async () => {
    const all = await client.call(transactionRecordsEndpoint, { query: {} });
    expect(all.total).toBe(6);
    expect(all.list[0]).toMatchObject({ type: 'G', kind: 'win', reference: 'R2', account: 'wallet' });
    expect(all.list.at(-1)).toMatchObject({ type: 'O', kind: 'adjust', amount: 100000, balanceAfter: 100000 });
    const game = await client.call(transactionRecordsEndpoint, { query: { types: 'G' } });
    expect(game.total).toBe(5);
    const other = await client.call(transactionRecordsEndpoint, { query: { types: 'O,D' } });
    expect(other.list.map((r) => r.kind)).toEqual(['adjust']);
    const page = await client.call(transactionRecordsEndpoint, { query: { pageNo: 2, pageSize: 3 } });
    expect(page).toMatchObject({ pageNum: 2, totalPages: 2, total: 6 });
    expect(page.list.map((r) => r.id)).toEqual(all.list.slice(3, 6).map((r) => r.id));
  });

  it('filters by date (UTC days) and refuses bad dates', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await client.call(transactionRecordsEndpoint, { query: { startDate: today, endDate: today } })).total).toBe(6);
    expect((await client.call(transactionRecordsEndpoint, { query: { startDate: tomorrow } })).total).toBe(0);
    const bad: Record<string, string>[] = [
      { startDate: '2026-02-31' },
      { startDate: tomorrow, endDate: today },
      { types: 'X' },
      { types: 'A,' },
      { pageSize: '1000' },
      { pageNo: '0' },
    ];
    for (const query of bad) {
      const res = await rawCall(h.app, transactionRecordsEndpoint, {
        headers: { authorization: client.token ?? '' },
        url: `${transactionRecordsEndpoint.path}?${new URLSearchParams(query)}`,
      });
      expect([query, res.status, res.errorCode]).toEqual([query, 400, 'request.invalid']);
    }
  });

  it('lists bets with stake, win, game and time; nobody else sees them', async () => {
    const records = await client.call(betRecordsEndpoint, { query: {} });
    expect(records.total).toBe(3);
    expect(records.summary).toEqual({ stake: 3000, win: 5000, profit: 2000 });
    expect(records.list[0]).toMatchObject({ roundId: 'R2', stake: 1000, win: 2500, profit: 1500, vendorCode: 'BGS', status: 'settled' });
    expect(records.list[0]?.gameName).toEqual(expect.any(String));
    expect((await client.call(betRecordsEndpoint, { query: { vendorCode: 'PG' } })).total).toBe(0);
    expect((await agent.call(betRecordsEndpoint, { query: {} })).list.some((b) => b.roundId.startsWith('R'))).toBe(false);
    const res = await rawCall(h.app, betRecordsEndpoint);
    expect(res.status).toBe(401);
  });
});
