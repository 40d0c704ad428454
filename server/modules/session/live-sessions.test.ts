/**
 * The session service's view of a member's live sessions and "sign out
 * elsewhere": only sessions whose token would still be accepted are listed
 * (ended, past their end, or web sessions idle past the limit are not), the
 * kept ones are exactly this web session and this device's remembered ones,
 * and a session ended elsewhere is refused at once, even one this process
 * had just cached.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemberRow, sessions } from '../../db/schema.ts';
import { createHarness, type Harness } from '../../test/identity-harness.ts';
import { createMember } from '../../test/wallet-harness.ts';
import { hashToken, newToken } from './tokens.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const minute = 60_000;
const day = 24 * 60 * minute;
let seq = 0;
const newMember = () => createMember(h.testDb.db, `live${++seq}`);
const service = () => h.app.identity.sessions;
const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

/** A second live web session of the member (as another process could have issued), its token. */
async function extraWebSession(member: MemberRow): Promise<{ token: string; id: string }> {
  const token = newToken();
  const t = h.clock.now();
  const [row] = await h.testDb.db
    .insert(sessions)
    .values({ memberId: member.id, tokenHash: hashToken(token), kind: 'web', deviceId: null, clientIp: '192.0.2.9', createdAt: t, lastSeenAt: t, expiresAt: new Date(t.getTime() + 12 * 60 * minute) })
    .returning({ id: sessions.id });
  return { token, id: row!.id };
}

describe('liveSessions', () => {
  it('lists the web session and the remembered devices with their User-Agent, latest activity first', async () => {
    const member = await newMember();
    const phone = await service().issueDevice(member, { deviceId: 'phone', ip: '203.0.113.5', userAgent: 'Phone UA' });
    h.clock.advance(minute);
    const web = await service().issueWeb(member, { deviceId: 'laptop', ip: '203.0.113.6', userAgent: `Laptop ${'x'.repeat(400)}` });
    const laptop = await service().issueDevice(member, { deviceId: 'laptop', ip: '203.0.113.6' });
    const live = await service().liveSessions(member.id);
    expect(idsOf(live)).toEqual([web.session.id, laptop.session.id, phone.session.id]);
    expect(live.map((s) => s.userAgent)).toEqual([`Laptop ${'x'.repeat(249)}`, null, 'Phone UA']);
  });

  it('leaves out ended sessions, web sessions idle 30 minutes or past 12 hours, and device sessions past 30 days', async () => {
    const member = await newMember();
    const device = await service().issueDevice(member, { deviceId: 'tablet', ip: '203.0.113.7' });
    const web = await service().issueWeb(member, { deviceId: 'tablet', ip: '203.0.113.7' });
    h.clock.advance(29 * minute);
    expect(idsOf(await service().liveSessions(member.id))).toEqual([web.session.id, device.session.id]);
    h.clock.advance(minute);
    expect(idsOf(await service().liveSessions(member.id))).toEqual([device.session.id]);

    const active = await service().issueWeb(member, { deviceId: 'tablet', ip: '203.0.113.7' });
    for (let i = 0; i < 24; i++) {
      h.clock.advance(29 * minute);
      await service().touch(await service().authenticate('DEMO', active.token, { fresh: true }));
    }
    expect(idsOf(await service().liveSessions(member.id))).toEqual([active.session.id, device.session.id]);
    // Active 25 minutes ago, but 12 hours and a minute after login.
    h.clock.advance(25 * minute);
    expect(idsOf(await service().liveSessions(member.id))).toEqual([device.session.id]);

    h.clock.advance(30 * day);
    expect(await service().liveSessions(member.id)).toEqual([]);

    const again = await service().issueWeb(member, { deviceId: null, ip: '203.0.113.7' });
    await service().logout(again.token, null, undefined);
    expect(await service().liveSessions(member.id)).toEqual([]);
  });
});

describe('endElsewhere', () => {
  it("ends every live session but this web session and this device's, and only this member's", async () => {
    const member = await newMember();
    const other = await newMember();
    const otherWeb = await service().issueWeb(other, { deviceId: 'phone', ip: '203.0.113.8' });
    const otherPhone = await service().issueDevice(other, { deviceId: 'phone', ip: '203.0.113.8' });
    await service().issueDevice(member, { deviceId: 'phone', ip: '203.0.113.8' });
    await service().issueDevice(member, { deviceId: 'tablet', ip: '203.0.113.9' });
    const web = await service().issueWeb(member, { deviceId: 'laptop', ip: '203.0.113.10' });
    const laptop = await service().issueDevice(member, { deviceId: 'laptop', ip: '203.0.113.10' });
    const extra = await extraWebSession(member);

    await expect(service().endElsewhere(member.id, { sessionId: web.session.id, deviceId: 'laptop' })).resolves.toBe(3);
    expect(new Set(idsOf(await service().liveSessions(member.id)))).toEqual(new Set([web.session.id, laptop.session.id]));
    expect(new Set(idsOf(await service().liveSessions(other.id)))).toEqual(new Set([otherWeb.session.id, otherPhone.session.id]));
    const [ended] = await h.testDb.db.select().from(sessions).where(eq(sessions.id, extra.id));
    expect(ended).toMatchObject({ revokeReason: 'elsewhere', revokedAt: h.clock.now() });
    await expect(service().endElsewhere(member.id, { sessionId: web.session.id, deviceId: 'laptop' })).resolves.toBe(0);
  });

  it('without a device id keeps only this web session', async () => {
    const member = await newMember();
    const web = await service().issueWeb(member, { deviceId: 'laptop', ip: '203.0.113.11' });
    await service().issueDevice(member, { deviceId: 'laptop', ip: '203.0.113.11' });
    await expect(service().endElsewhere(member.id, { sessionId: web.session.id, deviceId: null })).resolves.toBe(1);
    expect(idsOf(await service().liveSessions(member.id))).toEqual([web.session.id]);
  });

  it('refuses an ended web token at once, though this process had just cached it', async () => {
    const member = await newMember();
    const web = await service().issueWeb(member, { deviceId: null, ip: '203.0.113.12' });
    const extra = await extraWebSession(member);
    // Read once without `fresh`: now cached for sessionCacheMs (2 s), and the clock does not move.
    await service().authenticate('DEMO', extra.token);
    await expect(service().authenticate('DEMO', extra.token)).resolves.toMatchObject({ session: { id: extra.id } });
    await service().endElsewhere(member.id, { sessionId: web.session.id, deviceId: null });
    await expect(service().authenticate('DEMO', extra.token)).rejects.toMatchObject({ statusCode: 401, errorCode: 'user.or.token.invalid' });
    await expect(service().authenticate('DEMO', web.token)).resolves.toMatchObject({ session: { id: web.session.id } });
  });

  it('ends a remembered device: its token can no longer be exchanged', async () => {
    const member = await newMember();
    const web = await service().issueWeb(member, { deviceId: 'laptop', ip: '203.0.113.13' });
    const phone = await service().issueDevice(member, { deviceId: 'phone', ip: '203.0.113.14' });
    await service().endElsewhere(member.id, { sessionId: web.session.id, deviceId: 'laptop' });
    await expect(service().redeemDevice('DEMO', phone.token, 'phone')).rejects.toMatchObject({ statusCode: 401, errorCode: 'session.device.invalid' });
    // Not taken for the reuse of a rotated token: the member's other remembered devices are untouched.
    const laptop = await service().issueDevice(member, { deviceId: 'laptop', ip: '203.0.113.13' });
    await expect(service().redeemDevice('DEMO', phone.token, 'phone')).rejects.toMatchObject({ errorCode: 'session.device.invalid' });
    await expect(service().redeemDevice('DEMO', laptop.token, 'laptop')).resolves.toMatchObject({ id: member.id });
  });
});
