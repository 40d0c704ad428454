/**
 * The demo live rooms (docs/live.md): two hosts on air playing the demo
 * stream the server serves (`/live-static/demo.webm`, a short looped clip
 * standing in for a real stream), one listed but off air, and one not listed.
 * Seeded when the merchant has no room; running it again changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { liveRooms } from '../db/schema-live.ts';

export const demoStreamUrl = '/live-static/demo.webm';

export async function seedLiveIfEmpty(db: Database, merchantCode: string): Promise<void> {
  const [any] = await db.select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.merchantCode, merchantCode)).limit(1);
  if (any) return;
  await db.insert(liveRooms).values([
    { merchantCode, hostName: 'Mia', title: 'Baccarat night', active: true, streaming: true, streamUrl: demoStreamUrl, sort: 1 },
    { merchantCode, hostName: 'Leo', title: 'Slots with Leo', active: true, streaming: true, streamUrl: demoStreamUrl, sort: 2 },
    { merchantCode, hostName: 'Ana', title: 'Roulette talk', active: true, streaming: false, streamUrl: null, sort: 3 },
    { merchantCode, hostName: 'Kai', title: 'Closed room', active: false, streaming: false, streamUrl: null, sort: 4 },
  ]);
}
