/**
 * The KYC center over HTTP, as a caller sees it: the member's check (none,
 * pending, approved, rejected with the operator's reason) and whether
 * withdrawals need it; sending the ID's front and back (both required,
 * checked as the head icon is: png or jpg by their bytes, at most 5 MB each,
 * two maximal images in one body), once while pending or approved, again
 * after a rejection; one member never seeing or changing another's check;
 * trial accounts and callers without a session refused; hostile bodies 4xx
 * with an errorCode. And the withdrawal rule: with KYCWITHDRAW3 on, a
 * withdrawal without an approved check is 403 kyc.required, holding and
 * moving nothing; off, nothing changes.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { iconLimits } from '../../../contract/member.ts';
import { kycStateEndpoint, kycSubmitEndpoint } from '../../../contract/kyc.ts';
import { loginEndpoint } from '../../../contract/session.ts';
import { addBankCardEndpoint, createWithdrawalEndpoint, setWithdrawalPasswordEndpoint, walletEndpoint } from '../../../contract/wallet.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { memberKyc, members } from '../../db/schema.ts';
import { ledgerTransactions, withdrawals } from '../../db/schema-wallet.ts';
import { demoKycBack, demoKycFront } from '../../seed/seed-kyc.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { demoOpeningBalance } from '../../seed/seed-wallet.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createFundedMember, createMember, intactLedger, ledgerInvariants, signInTrial, testPassword } from '../../test/wallet-harness.ts';
import { kycBodyLimit } from './kyc-routes.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.testDb.db;

let seq = 0;
interface Member {
  id: number;
  username: string;
  c: TestClient;
}

/** A new member (type 0; funded when asked), logged in from its own address. */
async function signedIn(options: { funded?: boolean } = {}): Promise<Member> {
  const username = `kyc${++seq}`;
  const row = options.funded ? await createFundedMember(db(), username) : await createMember(db(), username);
  const c = h.client({ ip: `198.51.100.${10 + seq}`, deviceId: `device-${username}` });
  c.token = (await c.sealed.call(loginEndpoint, { type: 'username', username, password: testPassword })).token;
  return { id: row.id, username, c };
}

const errorOf = async (promise: Promise<unknown>) => {
  const { status, errorCode } = await failureOf(promise);
  return { status, errorCode };
};

const setKycSwitch = (on: boolean) => executeAdminCommand(db(), { kind: 'switch.set', merchant: 'DEMO', key: 'KYCWITHDRAW3', on });
afterEach(async () => {
  await setKycSwitch(false);
});

const png = demoKycFront;
const otherPng = demoKycBack;
/** The start of a JPEG (SOI, APP0 JFIF) and a few bytes. */
const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.from([0x00, 0xfb, 0xef, 0xbe]), Buffer.from('ffd9', 'hex')]);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
/** A PNG (its signature and IHDR) padded to `bytes` bytes. */
const pngOfSize = (bytes: number) => Buffer.concat([png.subarray(0, 33), Buffer.alloc(bytes - 33)]);

const submit = (c: TestClient, body: { front?: string; back?: string }) => c.call(kycSubmitEndpoint, { body });
const state = (c: TestClient) => c.call(kycStateEndpoint);

/** A raw call with the member's token (or none), for bodies the typed client would not send. */
function raw(c: TestClient | null, endpoint: { method: string; path: string }, payload?: unknown, headers: Record<string, string> = {}) {
  return rawCall(h.app, endpoint as { method: 'POST'; path: string }, {
    headers: { ...(c?.token ? { authorization: c.token } : {}), ...headers },
    payload,
  });
}

const rowCount = async (memberId: number) => (await db().select({ n: count() }).from(memberKyc).where(eq(memberKyc.memberId, memberId)))[0]!.n;

/** The images of a member's check as the operator's `kyc export` gets them. */
async function exportedImages(username: string) {
  const view = await executeAdminCommand(db(), { kind: 'kyc.export', merchant: 'DEMO', username, dir: '/unused' });
  if (!('kycAdmin' in view) || !view.kycAdmin.images) throw new Error('not a kyc export');
  const { front, back } = view.kycAdmin.images;
  return { front: dataUrl(front.contentType, Buffer.from(front.base64, 'base64')), back: dataUrl(back.contentType, Buffer.from(back.base64, 'base64')) };
}

const decide = (username: string, decision: 'approve' | 'reject', reason = 'The photo is blurred') =>
  executeAdminCommand(
    db(),
    decision === 'approve' ? { kind: 'kyc.approve', merchant: 'DEMO', username } : { kind: 'kyc.reject', merchant: 'DEMO', username, reason },
  );

describe('the check', () => {
  it('is none for a new member; requiredForWithdrawal follows the KYCWITHDRAW3 switch', async () => {
    const { c } = await signedIn();
    await expect(state(c)).resolves.toEqual({ status: 'none', submittedAt: null, reviewedAt: null, reason: null, requiredForWithdrawal: false });
    await setKycSwitch(true);
    await expect(state(c)).resolves.toMatchObject({ status: 'none', requiredForWithdrawal: true });
  });

  it('is approved for the demo player1: sent 3 days before the seed ran, reviewed a day later', async () => {
    const c = h.client({ ip: '198.51.100.240' });
    const { username, password } = demoAccounts.player;
    c.token = (await c.sealed.call(loginEndpoint, { type: 'username', username, password })).token;
    const check = await state(c);
    expect(check).toMatchObject({ status: 'approved', reason: null, requiredForWithdrawal: false });
    expect(Date.parse(check.reviewedAt!) - Date.parse(check.submittedAt!)).toBe(86_400_000);
    expect(Date.parse(check.submittedAt!)).toBeLessThan(Date.now() - 2 * 86_400_000);
    // The seeded images are real PNGs.
    const images = await exportedImages(username);
    expect(images).toEqual({ front: dataUrl('image/png', demoKycFront), back: dataUrl('image/png', demoKycBack) });
    expect(await errorOf(submit(c, { front: dataUrl('image/png', png), back: dataUrl('image/png', png) }))).toEqual({
      status: 409,
      errorCode: 'kyc.already.submitted',
    });
  });
});

describe('sending the ID', () => {
  it('stores both sides as a pending check, answers it, and keeps the images as sent', async () => {
    const { c, username } = await signedIn();
    const sent = await submit(c, { front: dataUrl('image/png', png), back: dataUrl('image/jpeg', jpeg) });
    expect(sent).toEqual({ status: 'pending', submittedAt: h.clock.now().toISOString(), reviewedAt: null, reason: null, requiredForWithdrawal: false });
    await expect(state(c)).resolves.toEqual(sent);
    await expect(exportedImages(username)).resolves.toEqual({ front: dataUrl('image/png', png), back: dataUrl('image/jpeg', jpeg) });
  });

  it('takes a form-encoded body, as the head icon upload does', async () => {
    const { c } = await signedIn();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = `front=${encodeURIComponent(dataUrl('image/png', png))}&back=${encodeURIComponent(dataUrl('image/jpeg', jpeg))}`;
    expect(await raw(c, kycSubmitEndpoint, body, form)).toMatchObject({ status: 200, json: { success: true, value: { status: 'pending' } } });
  });

  it('needs both sides: a missing or empty one is kyc.images.required with the spec message, and nothing is stored', async () => {
    const { c, id } = await signedIn();
    const image = dataUrl('image/png', png);
    for (const body of [{}, { front: image }, { back: image }, { front: '', back: image }, { front: image, back: '' }, { front: '', back: '' }]) {
      const failure = await failureOf(submit(c, body));
      expect([failure.status, failure.errorCode, failure.message], JSON.stringify(Object.keys(body))).toEqual([
        400,
        'kyc.images.required',
        'Please upload front/back of your ID',
      ]);
    }
    // A broken image beside a missing side: still the missing side first.
    expect(await errorOf(submit(c, { front: dataUrl('image/gif', gif) }))).toEqual({ status: 400, errorCode: 'kyc.images.required' });
    await expect(state(c)).resolves.toMatchObject({ status: 'none', submittedAt: null });
    expect(await rowCount(id)).toBe(0);
  });

  it('refuses another type, bytes of another kind or not base64 on either side with upload.type.invalid, storing nothing', async () => {
    const { c, id } = await signedIn();
    const good = dataUrl('image/png', png);
    const refused = [
      dataUrl('image/gif', gif),
      dataUrl('image/png', gif),
      dataUrl('image/jpeg', png),
      dataUrl('image/png', Buffer.from('just some text, renamed to .png\n'.repeat(4))),
      'data:image/png;base64,@@@@',
      'data:image/png;base64,',
      png.toString('base64'),
      '   ',
    ];
    for (const bad of refused) {
      for (const body of [{ front: bad, back: good }, { front: good, back: bad }]) {
        const failure = await failureOf(submit(c, body));
        expect([failure.status, failure.errorCode], bad.slice(0, 30)).toEqual([400, 'upload.type.invalid']);
        expect(failure.value).toEqual({ field: body.front === bad ? 'front' : 'back' });
      }
    }
    await expect(state(c)).resolves.toMatchObject({ status: 'none' });
    expect(await rowCount(id)).toBe(0);
  });

  it('takes two images of 5 MB in one body; refuses a larger one with upload.too.large and a larger body with request.too.large', async () => {
    const { c, id } = await signedIn();
    const largest = dataUrl('image/png', pngOfSize(iconLimits.bytesMax));
    const oneByteMore = dataUrl('image/png', pngOfSize(iconLimits.bytesMax + 1));
    const pastContract = dataUrl('image/png', pngOfSize(iconLimits.bytesMax + 4096));

    // One byte more (within the contract's length, too large decoded), or longer than the contract allows: on either side.
    for (const big of [oneByteMore, pastContract]) {
      expect(await raw(c, kycSubmitEndpoint, { front: big, back: largest })).toMatchObject({ status: 400, errorCode: 'upload.too.large' });
      expect(await raw(c, kycSubmitEndpoint, { front: largest, back: big })).toMatchObject({ status: 400, errorCode: 'upload.too.large' });
    }
    // Past the route's body limit: refused before it is read whole.
    const huge = await raw(c, kycSubmitEndpoint, { front: `data:image/png;base64,${'A'.repeat(kycBodyLimit)}`, back: largest });
    expect(huge).toMatchObject({ status: 413, errorCode: 'request.too.large' });
    expect(await rowCount(id)).toBe(0);

    const both = await raw(c, kycSubmitEndpoint, { front: largest, back: largest });
    expect(both).toMatchObject({ status: 200, json: { success: true, value: { status: 'pending' } } });
    const [row] = await db().select().from(memberKyc).where(eq(memberKyc.memberId, id));
    expect([row?.front.length, row?.back.length]).toEqual([iconLimits.bytesMax, iconLimits.bytesMax]);
  });

  it('answers hostile bodies 4xx with an errorCode, never a 500', async () => {
    const { c, id } = await signedIn();
    const json = { 'content-type': 'application/json' };
    for (const payload of ['[]', '"x"', '{"front":1,"back":2}', '{"front":null,"back":null}', '{"front":["a"],"back":"b"}', 'not json', '{"front":"\\u0000"}']) {
      const res = await raw(c, kycSubmitEndpoint, payload, json);
      expect(res.status, payload).toBeGreaterThanOrEqual(400);
      expect(res.status, payload).toBeLessThan(500);
      expect(res.errorCode, payload).toEqual(expect.any(String));
    }
    expect(await rowCount(id)).toBe(0);
  });

  it('is refused with kyc.already.submitted while pending and once approved, changing nothing', async () => {
    const { c, username } = await signedIn();
    const first = await submit(c, { front: dataUrl('image/png', png), back: dataUrl('image/png', png) });
    h.clock.advance(60_000);
    expect(await errorOf(submit(c, { front: dataUrl('image/png', otherPng), back: dataUrl('image/png', otherPng) }))).toEqual({
      status: 409,
      errorCode: 'kyc.already.submitted',
    });
    await expect(state(c)).resolves.toEqual(first);
    await expect(exportedImages(username)).resolves.toEqual({ front: dataUrl('image/png', png), back: dataUrl('image/png', png) });

    await decide(username, 'approve');
    const approved = await state(c);
    expect(approved).toMatchObject({ status: 'approved', submittedAt: first.submittedAt, reason: null, reviewedAt: expect.any(String) });
    expect(await errorOf(submit(c, { front: dataUrl('image/png', otherPng), back: dataUrl('image/png', otherPng) }))).toMatchObject({
      status: 409,
      errorCode: 'kyc.already.submitted',
    });
    await expect(state(c)).resolves.toEqual(approved);
  });

  it('after a rejection shows the reason, and a new sending replaces the check (pending, no reason, not reviewed)', async () => {
    const { c, username } = await signedIn();
    await submit(c, { front: dataUrl('image/png', png), back: dataUrl('image/png', png) });
    await decide(username, 'reject', '  The photo is blurred, please send a sharper one.  ');
    const rejected = await state(c);
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'The photo is blurred, please send a sharper one.', reviewedAt: expect.any(String) });

    h.clock.advance(60_000);
    const again = await submit(c, { front: dataUrl('image/jpeg', jpeg), back: dataUrl('image/png', otherPng) });
    expect(again).toEqual({ status: 'pending', submittedAt: h.clock.now().toISOString(), reviewedAt: null, reason: null, requiredForWithdrawal: false });
    await expect(state(c)).resolves.toEqual(again);
    await expect(exportedImages(username)).resolves.toEqual({ front: dataUrl('image/jpeg', jpeg), back: dataUrl('image/png', otherPng) });
    // Pending again: a third sending waits for the decision.
    expect(await errorOf(submit(c, { front: dataUrl('image/png', png), back: dataUrl('image/png', png) }))).toMatchObject({
      errorCode: 'kyc.already.submitted',
    });
  });

  it('stores one check when a rejected member sends twice at once', async () => {
    const { c, username } = await signedIn();
    await submit(c, { front: dataUrl('image/png', png), back: dataUrl('image/png', png) });
    await decide(username, 'reject');
    const body = { front: dataUrl('image/png', otherPng), back: dataUrl('image/png', otherPng) };
    const outcomes = await Promise.allSettled([submit(c, body), submit(c, body), submit(c, body)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ status: 409, errorCode: 'kyc.already.submitted' });
    await expect(state(c)).resolves.toMatchObject({ status: 'pending' });
  });
});

describe('who may see and send a check', () => {
  it("shows and changes only the session's own member's check", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await submit(a.c, { front: dataUrl('image/png', png), back: dataUrl('image/png', png) });
    // B sees none of A's check, and B's sending makes B's own.
    await expect(state(b.c)).resolves.toMatchObject({ status: 'none', submittedAt: null });
    await submit(b.c, { front: dataUrl('image/jpeg', jpeg), back: dataUrl('image/jpeg', jpeg) });
    await expect(exportedImages(a.username)).resolves.toEqual({ front: dataUrl('image/png', png), back: dataUrl('image/png', png) });

    // A rejected, B approved: each sees its own.
    await decide(a.username, 'reject', 'Wrong document');
    await decide(b.username, 'approve');
    await expect(state(a.c)).resolves.toMatchObject({ status: 'rejected', reason: 'Wrong document' });
    await expect(state(b.c)).resolves.toMatchObject({ status: 'approved', reason: null });
    // B's sending cannot replace A's rejected check (B's own is approved).
    expect(await errorOf(submit(b.c, { front: dataUrl('image/png', otherPng), back: dataUrl('image/png', otherPng) }))).toMatchObject({
      errorCode: 'kyc.already.submitted',
    });
    await expect(state(a.c)).resolves.toMatchObject({ status: 'rejected' });
    await expect(exportedImages(a.username)).resolves.toEqual({ front: dataUrl('image/png', png), back: dataUrl('image/png', png) });
  });

  it('refuses a trial account with trial.forbidden, storing nothing', async () => {
    const c = await signInTrial(h);
    expect(await errorOf(state(c))).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    expect(await errorOf(submit(c, { front: dataUrl('image/png', png), back: dataUrl('image/png', png) }))).toEqual({
      status: 403,
      errorCode: 'trial.forbidden',
    });
    const trialRows = await db().select({ n: count() }).from(memberKyc).innerJoin(members, eq(members.id, memberKyc.memberId)).where(eq(members.type, 4));
    expect(trialRows[0]!.n).toBe(0);
  });

  it('answers 401 with an errorCode without a session', async () => {
    const body = { front: dataUrl('image/png', png), back: dataUrl('image/png', png) };
    for (const [endpoint, payload] of [
      [kycStateEndpoint, undefined],
      [kycSubmitEndpoint, body],
    ] as const) {
      expect(await raw(null, endpoint, payload)).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
      expect(await raw(null, endpoint, payload, { authorization: 'not-a-token' })).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
    }
  });
});

describe('the withdrawal rule (KYCWITHDRAW3)', () => {
  let cardSeq = 0;
  /** A funded member with a bank card and the withdrawal password 123456. */
  async function readyToWithdraw() {
    const m = await signedIn({ funded: true });
    const card = await m.c.call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Kyc Member', accountNumber: `6600${String(++cardSeq).padStart(6, '0')}` } });
    await m.c.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '123456', confirmPassword: '123456' } });
    const withdraw = (key: string, amount = 100_00) =>
      m.c.call(createWithdrawalEndpoint, { body: { bankCardId: card.id, amount, withdrawalPassword: '123456', idempotencyKey: `${m.username}-withdraw-${key}` } });
    const money = async () => (await m.c.call(walletEndpoint)).member;
    const withdrawalCount = async () => (await db().select({ n: count() }).from(withdrawals).where(eq(withdrawals.memberId, m.id)))[0]!.n;
    return { ...m, withdraw, money, withdrawalCount };
  }

  it('off: a member without a check withdraws as before', async () => {
    const m = await readyToWithdraw();
    await expect(m.withdraw('off')).resolves.toMatchObject({ status: 'pending', amount: 100_00 });
    await expect(m.money()).resolves.toMatchObject({ balance: demoOpeningBalance - 100_00, held: 100_00 });
  });

  it('on: without an approved check (none, pending, rejected) 403 kyc.required, nothing held; approved: the withdrawal is made', async () => {
    await setKycSwitch(true);
    const m = await readyToWithdraw();
    const refused = async (key: string) => {
      expect(await errorOf(m.withdraw(key))).toEqual({ status: 403, errorCode: 'kyc.required' });
      await expect(m.money()).resolves.toMatchObject({ balance: demoOpeningBalance, held: 0 });
      expect(await m.withdrawalCount()).toBe(0);
    };
    await refused('none');
    await submit(m.c, { front: dataUrl('image/png', png), back: dataUrl('image/png', png) });
    await refused('pending');
    await decide(m.username, 'reject');
    await refused('rejected');
    await submit(m.c, { front: dataUrl('image/png', otherPng), back: dataUrl('image/png', otherPng) });
    await decide(m.username, 'approve');
    await expect(state(m.c)).resolves.toMatchObject({ status: 'approved', requiredForWithdrawal: true });
    // The same key as a refused one: nothing was made with it, so it is made now.
    await expect(m.withdraw('pending')).resolves.toMatchObject({ status: 'pending', amount: 100_00 });
    await expect(m.money()).resolves.toMatchObject({ balance: demoOpeningBalance - 100_00, held: 100_00 });
    expect(await m.withdrawalCount()).toBe(1);
  });

  it('on: another member\'s approved check does not count', async () => {
    const a = await readyToWithdraw();
    const b = await readyToWithdraw();
    await submit(a.c, { front: dataUrl('image/png', png), back: dataUrl('image/png', png) });
    await decide(a.username, 'approve');
    await setKycSwitch(true);
    await expect(a.withdraw('a')).resolves.toMatchObject({ status: 'pending' });
    expect(await errorOf(b.withdraw('b'))).toEqual({ status: 403, errorCode: 'kyc.required' });
    await expect(b.money()).resolves.toMatchObject({ balance: demoOpeningBalance, held: 0 });
  });

  it('on: a withdrawal made before the switch is answered again for its key, without a second hold', async () => {
    const m = await readyToWithdraw();
    const made = await m.withdraw('before');
    await setKycSwitch(true);
    await expect(m.withdraw('before')).resolves.toEqual(made);
    expect(await errorOf(m.withdraw('after'))).toEqual({ status: 403, errorCode: 'kyc.required' });
    await expect(m.money()).resolves.toMatchObject({ balance: demoOpeningBalance - 100_00, held: 100_00 });
    const holds = await db()
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.merchantCode, 'DEMO'), eq(ledgerTransactions.idempotencyKey, `withdraw:${m.id}:${m.username}-withdraw-before`)));
    expect(holds[0]!.n).toBe(1);
  });

  it('leaves the ledger intact', async () => {
    expect(await ledgerInvariants(db())).toEqual(intactLedger);
  });
});
