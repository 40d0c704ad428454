/**
 * Responsible gambling over HTTP and through the seamless wallet: limits
 * (lower at once, higher after the cooling-off), deposits and bets refused
 * over a limit and during an exclusion (nothing written), concurrent
 * deposits and bets that together would pass a limit, the session limit,
 * the reality check, the statement and the operator's list. Runs on PGlite,
 * and on PostgreSQL when DATABASE_URL is set.
 */
import { count, eq, } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchGameEndpoint } from '../../../contract/member-games.ts';
import {
  coolingOffMs,
  excludeEndpoint,
  type Limit,
  protectionEndpoint,
  realityEndpoint,
  setLimitEndpoint,
  setSessionSettingsEndpoint,
  statementEndpoint,
} from '../../../contract/responsible-gaming.ts';
import { createDepositEndpoint, walletEndpoint } from '../../../contract/wallet.ts';
import { parseAdminArgs } from '../../admin/cli.ts';
import type { MemberRow } from '../../db/schema.ts';
import { bets, deposits } from '../../db/schema-wallet.ts';
import { createHarness, failureOf, type Harness, type TestClient } from '../../test/identity-harness.ts';
import { createFundedMember, createMember, intactLedger, ledgerInvariants, signIn, signInTrial, vendorGame } from '../../test/wallet-harness.ts';
import { walletCredit, walletDebit } from '../seamless/service.ts';
import { executeRgCommand, formatRg, type RgCommand } from './admin-commands.ts';

let h: Harness;
let vendor: string;
let gameCode: string;
let gameId: number;
let member: MemberRow;
let client: TestClient;
let n = 0;
const key = () => `rg-key-${++n}`;

beforeAll(async () => {
  h = await createHarness();
  ({ vendor, code: gameCode, id: gameId } = await vendorGame(h.app.db));
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  member = await createFundedMember(h.app.db, `rgplayer${++n}`);
  client = await signIn(h, member.username);
});

const scope = () => ({ merchantCode: 'DEMO', currency: 'PHP', vendorCode: vendor });
const debit = (amount: number, round = key()) =>
  walletDebit(h.app.db, scope(), { transactionId: `${round}:bet`, playerId: String(member.id), gameCode, roundId: round, amount }, h.clock.now());
const credit = (round: string, amount: number) =>
  walletCredit(h.app.db, scope(), { transactionId: `${round}:win`, playerId: String(member.id), roundId: round, amount }, h.clock.now());
const deposit = (amount: number, c = client) => c.call(createDepositEndpoint, { body: { channelCode: 'LOCALPAY', amount, idempotencyKey: key() } });
const limitOf = (limits: Limit[], kind: string, period: string) => limits.find((l) => l.kind === kind && l.period === period)!;
const balance = async (c = client) => (await c.call(walletEndpoint)).member.balance;
const orderCount = async () => (await h.app.db.select({ n: count() }).from(deposits).where(eq(deposits.memberId, member.id)))[0]!.n;
const betCount = async () => (await h.app.db.select({ n: count() }).from(bets).where(eq(bets.memberId, member.id)))[0]!.n;

describe('limits', () => {
  it('a new or lower limit is in force at once; a higher one or a removal only after the cooling-off', async () => {
    let p = await client.call(setLimitEndpoint, { body: { kind: 'deposit', period: 'day', amount: 500_00 } });
    expect(limitOf(p.limits, 'deposit', 'day')).toMatchObject({ amount: 500_00, next: null, used: 0 });
    p = await client.call(setLimitEndpoint, { body: { kind: 'deposit', period: 'day', amount: 300_00 } });
    expect(limitOf(p.limits, 'deposit', 'day')).toMatchObject({ amount: 300_00, next: null });

    p = await client.call(setLimitEndpoint, { body: { kind: 'deposit', period: 'day', amount: 900_00 } });
    const from = new Date(h.clock.now().getTime() + coolingOffMs).toISOString();
    expect(limitOf(p.limits, 'deposit', 'day')).toMatchObject({ amount: 300_00, next: { amount: 900_00, from } });
    // Still the old limit: 400 is refused.
    expect((await failureOf(deposit(400_00))).errorCode).toBe('rg.deposit.limit');

    // A lowering while a raise waits drops the raise.
    p = await client.call(setLimitEndpoint, { body: { kind: 'deposit', period: 'day', amount: 200_00 } });
    expect(limitOf(p.limits, 'deposit', 'day')).toMatchObject({ amount: 200_00, next: null });

    p = await client.call(setLimitEndpoint, { body: { kind: 'deposit', period: 'day', amount: null } });
    expect(limitOf(p.limits, 'deposit', 'day')).toMatchObject({ amount: 200_00, next: { amount: null } });
    h.clock.advance(coolingOffMs + 1000);
    client = await signIn(h, member.username);
    p = await client.call(protectionEndpoint);
    expect(limitOf(p.limits, 'deposit', 'day')).toMatchObject({ amount: null, next: null });
    expect((await deposit(400_00)).status).toBe('pending');
  });

  it('refuses a deposit over a limit with a 409 and writes no order; one within it passes and counts', async () => {
    await client.call(setLimitEndpoint, { body: { kind: 'deposit', period: 'week', amount: 1000_00 } });
    expect((await deposit(600_00)).status).toBe('pending');
    const refused = await failureOf(deposit(500_00));
    expect(refused.status).toBe(409);
    expect(refused.errorCode).toBe('rg.deposit.limit');
    expect(await orderCount()).toBe(1);
    expect((await deposit(400_00)).status).toBe('pending');
    const p = await client.call(protectionEndpoint);
    expect(limitOf(p.limits, 'deposit', 'week').used).toBe(1000_00);
  });

  it('refuses bets over a wager limit or a loss limit, and counts wins against losses', async () => {
    await client.call(setLimitEndpoint, { body: { kind: 'wager', period: 'day', amount: 100_00 } });
    await debit(60_00);
    const before = await balance();
    await expect(debit(50_00)).rejects.toMatchObject({ statusCode: 409, errorCode: 'rg.bet.wager.limit' });
    expect(await balance()).toBe(before);
    await debit(40_00);

    const other = await createFundedMember(h.app.db, `rglosser${n}`);
    member = other;
    client = await signIn(h, other.username);
    await client.call(setLimitEndpoint, { body: { kind: 'loss', period: 'month', amount: 100_00 } });
    const round = key();
    await debit(80_00, round);
    // The open bet counts its whole stake: 30 more would lose 110.
    await expect(debit(30_00)).rejects.toMatchObject({ errorCode: 'rg.bet.loss.limit' });
    // A win of 50 on it: the month has lost 30, so 70 more may be staked.
    await credit(round, 50_00);
    await debit(70_00);
    await expect(debit(1)).rejects.toMatchObject({ errorCode: 'rg.bet.loss.limit' });
    const p = await client.call(protectionEndpoint);
    expect(limitOf(p.limits, 'loss', 'month').used).toBe(100_00);
    expect(limitOf(p.limits, 'wager', 'month').used).toBe(150_00);
    expect(await ledgerInvariants(h.app.db)).toEqual(intactLedger);
  });

  it('a new period starts from nothing', async () => {
    await client.call(setLimitEndpoint, { body: { kind: 'wager', period: 'day', amount: 10_00 } });
    await debit(10_00);
    await expect(debit(1_00)).rejects.toMatchObject({ errorCode: 'rg.bet.wager.limit' });
    h.clock.advance(24 * 60 * 60 * 1000);
    await debit(10_00);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    for (const body of [
      { kind: 'deposit', period: 'day', amount: 0 },
      { kind: 'deposit', period: 'year', amount: 100 },
      { kind: 'bonus', period: 'day', amount: 100 },
      { kind: 'deposit', period: 'day', amount: 1.5 },
      { kind: 'deposit', period: 'day', amount: -5 },
    ]) {
      const error = await failureOf(client.call(setLimitEndpoint, { body: body as never }));
      expect(error.status).toBe(400);
      expect(error.errorCode).toBe('request.invalid');
    }
    const p = await client.call(protectionEndpoint);
    expect(p.limits.every((l) => l.amount === null && l.next === null)).toBe(true);
    expect(p.limits).toHaveLength(9);
  });
});

describe('under concurrency', () => {
  it('deposits sent together never pass a limit together', async () => {
    await client.call(setLimitEndpoint, { body: { kind: 'deposit', period: 'day', amount: 1000_00 } });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => deposit(300_00)));
    const passed = results.filter((r) => r.status === 'fulfilled').length;
    expect(passed).toBe(3);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ errorCode: 'rg.deposit.limit' });
    expect(await orderCount()).toBe(3);
  });

  it('bets sent together never pass a wager limit together', async () => {
    await client.call(setLimitEndpoint, { body: { kind: 'wager', period: 'day', amount: 100_00 } });
    const before = await balance();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => debit(30_00)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await betCount()).toBe(3);
    expect(await balance()).toBe(before - 90_00);
    expect(await ledgerInvariants(h.app.db)).toEqual(intactLedger);
  });
});

describe('time-out and self-exclusion', () => {
  it('closes games, bets and deposits until it ends, keeps the balance readable, and cannot be shortened', async () => {
    const p = await client.call(excludeEndpoint, { body: { kind: 'timeOut', duration: '1w' } });
    expect(p.exclusion).toEqual({ kind: 'timeOut', until: new Date(h.clock.now().getTime() + 7 * 24 * 3600_000).toISOString() });
    expect((await failureOf(deposit(100_00))).errorCode).toBe('rg.deposit.excluded');
    const launch = await failureOf(client.call(launchGameEndpoint, { body: { gameId } }));
    expect(launch).toMatchObject({ status: 403, errorCode: 'rg.play.excluded' });
    await expect(debit(1_00)).rejects.toMatchObject({ statusCode: 403, errorCode: 'rg.play.excluded' });
    expect(await betCount()).toBe(0);
    expect(await orderCount()).toBe(0);
    expect(await balance()).toBeGreaterThan(0);

    // Shorter: refused; longer: taken.
    const shorter = await failureOf(client.call(excludeEndpoint, { body: { kind: 'timeOut', duration: '24h' } }));
    expect(shorter).toMatchObject({ status: 409, errorCode: 'rg.exclusion.shorter' });
    const longer = await client.call(excludeEndpoint, { body: { kind: 'selfExclusion', duration: '6m' } });
    expect(longer.exclusion?.kind).toBe('selfExclusion');

    h.clock.advance(190 * 24 * 3600_000);
    client = await signIn(h, member.username);
    expect((await client.call(protectionEndpoint)).exclusion).toBeNull();
    expect((await deposit(100_00)).status).toBe('pending');
  });

  it('a permanent self-exclusion never ends and nothing replaces it', async () => {
    await client.call(excludeEndpoint, { body: { kind: 'selfExclusion', duration: 'permanent' } });
    h.clock.advance(6 * 365 * 24 * 3600_000);
    client = await signIn(h, member.username);
    expect((await client.call(protectionEndpoint)).exclusion).toEqual({ kind: 'selfExclusion', until: null });
    expect((await failureOf(client.call(excludeEndpoint, { body: { kind: 'selfExclusion', duration: '5y' } }))).errorCode).toBe(
      'rg.exclusion.shorter',
    );
    await expect(debit(1_00)).rejects.toMatchObject({ errorCode: 'rg.play.excluded' });
  });

  it('refuses an unknown duration', async () => {
    const error = await failureOf(client.call(excludeEndpoint, { body: { kind: 'timeOut', duration: '6m' } as never }));
    expect(error).toMatchObject({ status: 400, errorCode: 'request.invalid' });
    expect((await client.call(protectionEndpoint)).exclusion).toBeNull();
  });
});

describe('sessions', () => {
  it('a session limit ends the open session that long after its login, and the next ones too', async () => {
    await client.call(setSessionSettingsEndpoint, { body: { sessionLimitMinutes: 30, realityCheckMinutes: 15 } });
    const reality = await client.call(realityEndpoint);
    expect(Date.parse(reality.endsAt!) - Date.parse(reality.since)).toBe(30 * 60_000);
    h.clock.advance(29 * 60_000);
    await client.call(walletEndpoint);
    h.clock.advance(2 * 60_000);
    expect((await failureOf(client.call(walletEndpoint))).status).toBe(401);

    const again = await signIn(h, member.username);
    const next = await again.call(realityEndpoint);
    expect(Date.parse(next.endsAt!) - Date.parse(next.since)).toBe(30 * 60_000);
    expect((await again.call(protectionEndpoint)).realityCheckMinutes).toBe(15);
  });

  it('the reality check adds up the bets since the login', async () => {
    const round = key();
    await debit(20_00, round);
    await credit(round, 5_00);
    await debit(10_00);
    expect(await client.call(realityEndpoint)).toMatchObject({ stake: 30_00, win: 5_00, endsAt: null });
  });

  it('refuses a session limit that is not one of the choices', async () => {
    const error = await failureOf(client.call(setSessionSettingsEndpoint, { body: { sessionLimitMinutes: 7, realityCheckMinutes: 0 } }));
    expect(error).toMatchObject({ status: 400, errorCode: 'request.invalid' });
  });
});

describe('statement, trial accounts and the operator', () => {
  it('the statement shows the month with its stakes and wins', async () => {
    const round = key();
    await debit(20_00, round);
    await credit(round, 50_00);
    const [month] = await client.call(statementEndpoint);
    expect(month).toEqual({ month: h.clock.now().toISOString().slice(0, 7), deposits: 0, withdrawals: 0, stake: 20_00, win: 50_00 });
  });

  it('trial accounts are refused', async () => {
    const trial = await signInTrial(h);
    expect((await failureOf(trial.call(protectionEndpoint))).errorCode).toBe('trial.forbidden');
    expect((await failureOf(trial.call(setLimitEndpoint, { body: { kind: 'loss', period: 'day', amount: 100 } }))).errorCode).toBe('trial.forbidden');
  });

  it('rg list shows the members with limits and exclusions', async () => {
    await client.call(setLimitEndpoint, { body: { kind: 'loss', period: 'week', amount: 250_00 } });
    await client.call(excludeEndpoint, { body: { kind: 'timeOut', duration: '1w' } });
    const plain = await createMember(h.app.db, `rgnothing${n}`);
    const parsed = parseAdminArgs(['rg', 'list']);
    if (!('command' in parsed)) throw new Error(JSON.stringify(parsed));
    const text = formatRg(await executeRgCommand(h.app.db, parsed.command as RgCommand, h.clock.now()));
    expect(text).toContain(member.username);
    expect(text).toContain('limit loss/week 250.00');
    expect(text).toContain('timeOut until');
    expect(text).not.toContain(plain.username);
  });
});
