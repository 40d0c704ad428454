/**
 * The session cache as a caller sees it: a session this process ended is
 * refused at once, even right after a read put it in the cache; an end
 * written by another process (here: straight into the database) is refused
 * at once by the calls that move money or change the account, and by the
 * reads within `sessionCacheMs`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePasswordEndpoint, memberInfoEndpoint } from '../../../contract/member.ts';
import { loginEndpoint, logoutEndpoint, sessionInfoEndpoint } from '../../../contract/session.ts';
import { createDepositEndpoint, walletEndpoint } from '../../../contract/wallet.ts';
import { sessions } from '../../db/schema.ts';
import { createHarness, failureOf, type Harness, type TestClient } from '../../test/identity-harness.ts';
import { createMember, testPassword } from '../../test/wallet-harness.ts';
import { defaultIdentityLimits } from './config.ts';
import { hashToken } from './tokens.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

let seq = 0;
async function signedIn(username = `cache${++seq}`): Promise<TestClient> {
  await createMember(h.testDb.db, username);
  const c = h.client({ ip: `198.51.100.${100 + seq}` });
  const { token } = await c.sealed.call(loginEndpoint, { type: 'username', username, password: testPassword });
  c.token = token;
  // A read: the session is now in this process's cache.
  await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ account: username });
  return c;
}

describe('the session cache', () => {
  it('refuses a logged-out token at once', async () => {
    const c = await signedIn();
    await expect(c.call(walletEndpoint)).resolves.toBeTruthy();
    await expect(c.call(logoutEndpoint)).resolves.toBeNull();
    expect(await failureOf(c.call(memberInfoEndpoint))).toMatchObject({ errorCode: 'user.or.token.invalid' });
    expect(await failureOf(c.call(walletEndpoint))).toMatchObject({ errorCode: 'user.or.token.invalid' });
  });

  it('refuses a session replaced by a new login at once', async () => {
    const username = `cache${++seq}`;
    const first = await signedIn(username);
    const second = h.client({ ip: '198.51.100.250' });
    second.token = (await second.sealed.call(loginEndpoint, { type: 'username', username, password: testPassword })).token;
    expect(await failureOf(first.call(sessionInfoEndpoint))).toMatchObject({ errorCode: 'login.not.session' });
    await expect(second.call(sessionInfoEndpoint)).resolves.toMatchObject({ userName: username });
  });

  it("ends the member's other sessions at a password change at once, and shows the change to the session that made it", async () => {
    const username = `cache${++seq}`;
    const first = await signedIn(username);
    const other = h.client({ ip: '198.51.100.251' });
    other.token = (await other.sealed.call(loginEndpoint, { type: 'username', username, password: testPassword })).token;
    await expect(other.call(sessionInfoEndpoint)).resolves.toMatchObject({ userName: username });
    expect(await failureOf(first.call(sessionInfoEndpoint))).toMatchObject({ errorCode: 'login.not.session' });
    // The first session is gone (replaced); a third login then changes the password.
    const changer = h.client({ ip: '198.51.100.252' });
    changer.token = (await changer.sealed.call(loginEndpoint, { type: 'username', username, password: testPassword })).token;
    await expect(changer.call(sessionInfoEndpoint)).resolves.toMatchObject({ passwordExpired: false });
    await changer.call(changePasswordEndpoint, { body: { oldPassword: testPassword, newPassword: 'Other#2026', confirmNewPassword: 'Other#2026' } });
    await expect(changer.call(sessionInfoEndpoint)).resolves.toMatchObject({ userName: username, firstTimeLogin: false });
  });

  it('sees an end written by another process at once for money calls, and within sessionCacheMs for reads', async () => {
    const c = await signedIn();
    await h.testDb.db
      .update(sessions)
      .set({ revokedAt: h.clock.now(), revokeReason: 'logout' })
      .where(eq(sessions.tokenHash, hashToken(c.token!)));
    // A deposit reads the session from the database: refused.
    const deposit = c.call(createDepositEndpoint, { body: { channelCode: 'LOCALPAY', amount: 500_00, idempotencyKey: `cache-${seq}` } });
    expect(await failureOf(deposit)).toMatchObject({ errorCode: 'user.or.token.invalid' });
    // A read may still be answered from this process's cache, for at most sessionCacheMs.
    h.clock.advance(defaultIdentityLimits.sessionCacheMs);
    expect(await failureOf(c.call(memberInfoEndpoint))).toMatchObject({ errorCode: 'user.or.token.invalid' });
  });
});
