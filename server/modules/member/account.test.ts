/**
 * The member's own account over HTTP, as a caller sees it: nickname, e-mail
 * and payee name (set once) checked by the merchant's rules and shown by
 * /wps/member/info at once; the head icon (png or jpg, at most 5 MB, checked
 * by its bytes), JSON or form-encoded; only the member of the session, never
 * without one, never a trial account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  emailEndpoint,
  iconLimits,
  memberIconEndpoint,
  memberInfoEndpoint,
  nicknameEndpoint,
  payeeNameEndpoint,
  uploadMemberIconEndpoint,
} from '../../../contract/member.ts';
import { loginEndpoint, trialLoginEndpoint } from '../../../contract/session.ts';
import { merchants } from '../../db/schema.ts';
import { demoAccounts, demoIconPng } from '../../seed/seed-members.ts';
import { demoReceiptPng } from '../../seed/seed-promotions.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createMember, testPassword } from '../../test/wallet-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.testDb.db.update(merchants).set({ registrationFields: {} }).where(eq(merchants.code, 'DEMO'));
});

let seq = 0;
/** A new member, logged in; its info read once, so the session is in the server's session cache. */
async function signedIn(): Promise<TestClient> {
  const username = `acct${++seq}`;
  await createMember(h.testDb.db, username);
  const c = h.client({ ip: `198.51.100.${20 + seq}` });
  c.token = (await c.sealed.call(loginEndpoint, { type: 'username', username, password: testPassword })).token;
  await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ account: username, nickname: null, payeeName: null, iconVersion: null });
  return c;
}

const info = (c: TestClient) => c.call(memberInfoEndpoint);
const errorOf = async (promise: Promise<unknown>) => {
  const { status, errorCode } = await failureOf(promise);
  return { status, errorCode };
};

const png = Buffer.from(demoReceiptPng, 'base64');
/** The start of a JPEG (SOI, APP0 JFIF) and bytes whose base64 is "++++//" (what a form body must escape). */
const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.from([0x00, 0xfb, 0xef, 0xbe, 0xff, 0xff, 0xff]), Buffer.from('ffd9', 'hex')]);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

/** A raw call of an account endpoint with the member's token (or none). */
function raw(c: TestClient | null, endpoint: { method: string; path: string }, payload?: unknown, headers: Record<string, string> = {}) {
  return rawCall(h.app, endpoint as { method: 'POST'; path: string }, {
    headers: { ...(c?.token ? { authorization: c.token } : {}), ...headers },
    payload,
  });
}

describe('nickname', () => {
  it('saves the trimmed nickname, shown by the member info at once', async () => {
    const c = await signedIn();
    await expect(c.call(nicknameEndpoint, { body: { nickname: '  Lucky Pat  ' } })).resolves.toBeNull();
    await expect(info(c)).resolves.toMatchObject({ nickname: 'Lucky Pat' });
    await expect(c.call(nicknameEndpoint, { body: { nickname: 'Pat' } })).resolves.toBeNull();
    await expect(info(c)).resolves.toMatchObject({ nickname: 'Pat' });
  });

  it('refuses an empty, blank, too long or tagged nickname with member.nickname.invalid, changing nothing', async () => {
    const c = await signedIn();
    await c.call(nicknameEndpoint, { body: { nickname: 'Lucky Pat' } });
    for (const nickname of ['', '   ', 'x'.repeat(21), 'y'.repeat(200), '<script>alert(1)</script>']) {
      expect(await errorOf(c.call(nicknameEndpoint, { body: { nickname } })), JSON.stringify(nickname)).toEqual({
        status: 400,
        errorCode: 'member.nickname.invalid',
      });
    }
    await expect(info(c)).resolves.toMatchObject({ nickname: 'Lucky Pat' });
  });

  it("follows the merchant's registration rule of the field, even when registration does not ask for it", async () => {
    const c = await signedIn();
    await h.testDb.db
      .update(merchants)
      .set({ registrationFields: { nickname: { enabled: false, pattern: '^[a-z]+$', maxLength: 6 } } })
      .where(eq(merchants.code, 'DEMO'));
    expect(await errorOf(c.call(nicknameEndpoint, { body: { nickname: 'Lucky Pat' } }))).toMatchObject({ errorCode: 'member.nickname.invalid' });
    expect(await errorOf(c.call(nicknameEndpoint, { body: { nickname: 'abcdefg' } }))).toMatchObject({ errorCode: 'member.nickname.invalid' });
    await expect(c.call(nicknameEndpoint, { body: { nickname: 'lucky' } })).resolves.toBeNull();
    await expect(info(c)).resolves.toMatchObject({ nickname: 'lucky' });
  });
});

describe('e-mail', () => {
  it('saves the trimmed address, shown (masked) by the member info at once', async () => {
    const c = await signedIn();
    await expect(c.call(emailEndpoint, { body: { email: ' pat.santos@example.com ' } })).resolves.toBeNull();
    await expect(info(c)).resolves.toMatchObject({ email: 'pa***@example.com' });
  });

  it('refuses anything but an e-mail address below 255 characters with register.email.invalid, changing nothing', async () => {
    const c = await signedIn();
    await c.call(emailEndpoint, { body: { email: 'pat@example.com' } });
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(long.length).toBe(255);
    for (const email of ['', '  ', 'not-an-email', 'pat@example', 'pat@@example.com', '<b>@example.com', long, `${'a'.repeat(300)}@example.com`]) {
      expect(await errorOf(c.call(emailEndpoint, { body: { email } })), email.slice(0, 40)).toEqual({ status: 400, errorCode: 'register.email.invalid' });
    }
    // A merchant rule without a pattern still takes e-mail addresses only.
    await h.testDb.db.update(merchants).set({ registrationFields: { email: { pattern: null } } }).where(eq(merchants.code, 'DEMO'));
    expect(await errorOf(c.call(emailEndpoint, { body: { email: 'not-an-email' } }))).toMatchObject({ errorCode: 'register.email.invalid' });
    await expect(info(c)).resolves.toMatchObject({ email: 'pa***@example.com' });
  });
});

describe('payee name', () => {
  it('is set once: a second attempt answers member.payee.locked and changes nothing', async () => {
    const c = await signedIn();
    for (const payeeName of ['', '   ', 'Pat 123', 'P', 'x'.repeat(51), 'z'.repeat(200), '<b>Pat</b>']) {
      expect(await errorOf(c.call(payeeNameEndpoint, { body: { payeeName } })), payeeName.slice(0, 40)).toEqual({
        status: 400,
        errorCode: 'register.name.invalid',
      });
    }
    await expect(info(c)).resolves.toMatchObject({ payeeName: null });
    await expect(c.call(payeeNameEndpoint, { body: { payeeName: ' Patricia Santos ' } })).resolves.toBeNull();
    await expect(info(c)).resolves.toMatchObject({ payeeName: 'Patricia Santos' });

    expect(await errorOf(c.call(payeeNameEndpoint, { body: { payeeName: 'Other Name' } }))).toEqual({ status: 409, errorCode: 'member.payee.locked' });
    expect(await errorOf(c.call(payeeNameEndpoint, { body: { payeeName: 'Patricia Santos' } }))).toMatchObject({ errorCode: 'member.payee.locked' });
    await expect(info(c)).resolves.toMatchObject({ payeeName: 'Patricia Santos' });
  });

  it('is set once even when two calls race', async () => {
    const c = await signedIn();
    const results = await Promise.allSettled(['Ann Reyes', 'Bea Cruz'].map((payeeName) => c.call(payeeNameEndpoint, { body: { payeeName } })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ errorCode: 'member.payee.locked' });
  });
});

describe('head icon', () => {
  it('stores a png and a jpeg, answers them as sent, and gives a new iconVersion each time', async () => {
    const c = await signedIn();
    await expect(c.call(memberIconEndpoint)).resolves.toEqual({ icon: null });

    const first = await c.call(uploadMemberIconEndpoint, { body: { icon: dataUrl('image/png', png) } });
    expect(first).toEqual({ icon: dataUrl('image/png', png), iconVersion: expect.any(Number) });
    await expect(c.call(memberIconEndpoint)).resolves.toEqual({ icon: dataUrl('image/png', png) });
    await expect(info(c)).resolves.toMatchObject({ iconVersion: first.iconVersion });

    // The same moment of the (test) clock: still a new version.
    const second = await c.call(uploadMemberIconEndpoint, { body: { icon: dataUrl('image/jpeg', jpeg) } });
    expect(second.icon).toBe(dataUrl('image/jpeg', jpeg));
    expect(second.iconVersion).toBeGreaterThan(first.iconVersion);
    await expect(c.call(memberIconEndpoint)).resolves.toEqual({ icon: dataUrl('image/jpeg', jpeg) });
    await expect(info(c)).resolves.toMatchObject({ iconVersion: second.iconVersion });
  });

  it('takes a form-encoded body, escaped or not', async () => {
    const c = await signedIn();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(dataUrl('image/jpeg', jpeg)).toContain('+');
    const escaped = await raw(c, uploadMemberIconEndpoint, `icon=${encodeURIComponent(dataUrl('image/jpeg', jpeg))}`, form);
    expect(escaped).toMatchObject({ status: 200, json: { success: true, value: { icon: dataUrl('image/jpeg', jpeg) } } });
    // "+" sent as it is arrives as a space: still the same image.
    const unescaped = await raw(c, uploadMemberIconEndpoint, `icon=${dataUrl('image/jpeg', jpeg)}`, form);
    expect(unescaped).toMatchObject({ status: 200, json: { success: true, value: { icon: dataUrl('image/jpeg', jpeg) } } });
    await expect(c.call(memberIconEndpoint)).resolves.toEqual({ icon: dataUrl('image/jpeg', jpeg) });
  });

  it('refuses other types, bad base64, nothing, and bytes of another kind with upload.type.invalid, changing nothing', async () => {
    const c = await signedIn();
    const { iconVersion } = await c.call(uploadMemberIconEndpoint, { body: { icon: dataUrl('image/png', png) } });
    const refused = [
      dataUrl('image/gif', gif),
      dataUrl('image/png', gif),
      dataUrl('image/png', Buffer.from('just some text, renamed to .png\n'.repeat(4))),
      dataUrl('image/jpeg', png),
      dataUrl('image/png', jpeg),
      'data:image/png;base64,@@@@',
      'data:image/png;base64,iVBORw0KGgo',
      'data:image/png;base64,',
      'data:image/png,not-base64',
      png.toString('base64'),
      '',
    ];
    for (const icon of refused) {
      expect(await errorOf(c.call(uploadMemberIconEndpoint, { body: { icon } })), icon.slice(0, 30)).toEqual({
        status: 400,
        errorCode: 'upload.type.invalid',
      });
    }
    await expect(c.call(memberIconEndpoint)).resolves.toEqual({ icon: dataUrl('image/png', png) });
    await expect(info(c)).resolves.toMatchObject({ iconVersion });
  });

  it('takes 5 MB; refuses more with upload.too.large (or request.too.large for a body past the limit), never a 500', async () => {
    const c = await signedIn();
    const header = png.subarray(0, 33);
    const sized = (bytes: number) => Buffer.concat([header, Buffer.alloc(bytes - header.length)]);

    const largest = await raw(c, uploadMemberIconEndpoint, { icon: dataUrl('image/png', sized(iconLimits.bytesMax)) });
    expect(largest.status).toBe(200);
    const { iconVersion } = await info(c);

    // One byte more: within the contract's length, too large decoded.
    expect(await raw(c, uploadMemberIconEndpoint, { icon: dataUrl('image/png', sized(iconLimits.bytesMax + 1)) })).toMatchObject({
      status: 400,
      errorCode: 'upload.too.large',
    });
    // Longer than the contract allows.
    expect(await raw(c, uploadMemberIconEndpoint, { icon: dataUrl('image/png', sized(iconLimits.bytesMax + 4096)) })).toMatchObject({
      status: 400,
      errorCode: 'upload.too.large',
    });
    // Past the route's body limit: refused before it is read whole.
    const huge = await raw(c, uploadMemberIconEndpoint, { icon: `data:image/png;base64,${'A'.repeat(16 * 1024 * 1024)}` });
    expect(huge).toMatchObject({ status: 413, errorCode: 'request.too.large' });
    await expect(info(c)).resolves.toMatchObject({ iconVersion });
  });
});

describe('the demo member', () => {
  it('has a nickname, a locked payee name and a head icon', async () => {
    const c = h.client({ ip: '198.51.100.241' });
    const { username, password, nickname, payeeName } = demoAccounts.player;
    c.token = (await c.sealed.call(loginEndpoint, { type: 'username', username, password })).token;
    await expect(info(c)).resolves.toMatchObject({ nickname, payeeName, iconVersion: expect.any(Number) });
    await expect(c.call(memberIconEndpoint)).resolves.toEqual({ icon: `data:image/png;base64,${demoIconPng}` });
    expect(await errorOf(c.call(payeeNameEndpoint, { body: { payeeName: 'Someone Else' } }))).toMatchObject({ errorCode: 'member.payee.locked' });
  });
});

describe('who may change the account', () => {
  it('answers 401 with an errorCode to every account call without a session', async () => {
    const calls: [{ method: string; path: string }, unknown][] = [
      [memberInfoEndpoint, undefined],
      [nicknameEndpoint, { nickname: 'Lucky Pat' }],
      [emailEndpoint, { email: 'pat@example.com' }],
      [payeeNameEndpoint, { payeeName: 'Patricia Santos' }],
      [memberIconEndpoint, undefined],
      [uploadMemberIconEndpoint, { icon: dataUrl('image/png', png) }],
    ];
    for (const [endpoint, body] of calls) {
      expect(await raw(null, endpoint, body), `${endpoint.method} ${endpoint.path}`).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
      expect(await raw(null, endpoint, body, { authorization: 'not-a-token' })).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
    }
  });

  it("changes only the session's own member", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const before = await info(b);
    await a.call(nicknameEndpoint, { body: { nickname: 'Member A' } });
    await a.call(emailEndpoint, { body: { email: 'member.a@example.com' } });
    await a.call(payeeNameEndpoint, { body: { payeeName: 'Anna Alvarez' } });
    await a.call(uploadMemberIconEndpoint, { body: { icon: dataUrl('image/png', png) } });
    await expect(info(b)).resolves.toEqual(before);
    await expect(b.call(memberIconEndpoint)).resolves.toEqual({ icon: null });

    await b.call(uploadMemberIconEndpoint, { body: { icon: dataUrl('image/jpeg', jpeg) } });
    await b.call(payeeNameEndpoint, { body: { payeeName: 'Bea Bautista' } });
    await expect(a.call(memberIconEndpoint)).resolves.toEqual({ icon: dataUrl('image/png', png) });
    await expect(info(a)).resolves.toMatchObject({ nickname: 'Member A', email: 'me***@example.com', payeeName: 'Anna Alvarez' });
    await expect(info(b)).resolves.toMatchObject({ nickname: null, email: null, payeeName: 'Bea Bautista' });
  });

  it('refuses a trial account any change with trial.forbidden', async () => {
    const c = h.client({ ip: '198.51.100.240' });
    c.token = (await c.call(trialLoginEndpoint)).token;
    const before = await info(c);
    const refusals = await Promise.all([
      c.call(nicknameEndpoint, { body: { nickname: 'Lucky Pat' } }),
      c.call(emailEndpoint, { body: { email: 'pat@example.com' } }),
      c.call(payeeNameEndpoint, { body: { payeeName: 'Patricia Santos' } }),
      c.call(uploadMemberIconEndpoint, { body: { icon: dataUrl('image/png', png) } }),
    ].map(errorOf));
    for (const refusal of refusals) expect(refusal).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    await expect(info(c)).resolves.toEqual(before);
    await expect(c.call(memberIconEndpoint)).resolves.toEqual({ icon: null });
  });
});
