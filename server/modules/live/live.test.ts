import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRoomEndpoint, liveRoomsEndpoint } from '../../../contract/live.ts';
import { liveRooms } from '../../db/schema-live.ts';
import { merchants } from '../../db/schema.ts';
import { demoStreamUrl } from '../../seed/seed-live.ts';
import { createHarness, failureOf, type Harness } from '../../test/identity-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('live rooms', () => {
  it('lists the listed rooms, those on air first, and never an unlisted one', async () => {
    const { rooms } = await h.client().call(liveRoomsEndpoint);
    expect(rooms.map((r) => [r.hostName, r.streaming])).toEqual([
      ['Mia', true],
      ['Leo', true],
      ['Ana', false],
    ]);
  });

  it("answers a room on air with its stream, one off air without, 404 for an unlisted or unknown room, 400 for a malformed id", async () => {
    const { rooms } = await h.client().call(liveRoomsEndpoint);
    const onAir = await h.client().call(liveRoomEndpoint, { query: { roomId: rooms[0]!.roomId } });
    expect(onAir).toEqual({ room: rooms[0], streamUrl: demoStreamUrl });
    expect(await h.client().call(liveRoomEndpoint, { query: { roomId: rooms[2]!.roomId } })).toEqual({ room: rooms[2], streamUrl: null });
    const [closed] = await h.testDb.db.select().from(liveRooms).where(eq(liveRooms.hostName, 'Kai'));
    expect((await failureOf(h.client().call(liveRoomEndpoint, { query: { roomId: closed!.id } }))).errorCode).toBe('live.room.not.found');
    expect((await failureOf(h.client().call(liveRoomEndpoint, { query: { roomId: 999_999 } }))).errorCode).toBe('live.room.not.found');
    const bad = await h.app.inject({ method: 'GET', url: '/wps/live/room?roomId=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, errorCode: expect.any(String) });
  });

  it('serves the demo stream with range requests', async () => {
    const whole = await h.app.inject({ method: 'GET', url: demoStreamUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    const part = await h.app.inject({ method: 'GET', url: demoStreamUrl, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect((await h.app.inject({ method: 'GET', url: '/live-static/../routes.ts' })).statusCode).toBe(404);
  });

  it('answers live.disabled while the merchant’s live switch (CBS3) is off', async () => {
    const [row] = await h.testDb.db.select({ switches: merchants.switches }).from(merchants).where(eq(merchants.code, 'DEMO'));
    await h.testDb.db.update(merchants).set({ switches: { ...row!.switches, CBS3: false } }).where(eq(merchants.code, 'DEMO'));
    try {
      expect((await failureOf(h.client().call(liveRoomsEndpoint))).errorCode).toBe('live.disabled');
      expect((await failureOf(h.client().call(liveRoomEndpoint, { query: { roomId: 1 } }))).errorCode).toBe('live.disabled');
    } finally {
      await h.testDb.db.update(merchants).set({ switches: row!.switches }).where(eq(merchants.code, 'DEMO'));
    }
  });
});
