/**
 * Live stream rooms (contract/live.ts, docs/live.md): the merchant's listed
 * rooms, those on air first, and one room with its stream while it is on air.
 * Nothing is served while the merchant's live switch (CBS3) is off.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { type LiveRoom, type LiveRoomDetail, liveErrorCodes } from '../../../contract/live.ts';
import type { Database } from '../../db/connect.ts';
import { type LiveRoomRow, liveRooms } from '../../db/schema-live.ts';
import type { MerchantRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

function checkSwitch(merchant: MerchantRow): void {
  if (merchant.switches.CBS3 !== true) throw new AppError(403, liveErrorCodes.disabled, 'Live rooms are not available.');
}

const toRoom = (row: LiveRoomRow): LiveRoom => ({ roomId: row.id, hostName: row.hostName, title: row.title, streaming: row.streaming });

export async function listRooms(db: Database, merchant: MerchantRow): Promise<{ rooms: LiveRoom[] }> {
  checkSwitch(merchant);
  const rows = await db
    .select()
    .from(liveRooms)
    .where(and(eq(liveRooms.merchantCode, merchant.code), eq(liveRooms.active, true)))
    .orderBy(desc(liveRooms.streaming), asc(liveRooms.sort), asc(liveRooms.id));
  return { rooms: rows.map(toRoom) };
}

export async function roomDetail(db: Database, merchant: MerchantRow, roomId: number): Promise<LiveRoomDetail> {
  checkSwitch(merchant);
  const [row] = await db
    .select()
    .from(liveRooms)
    .where(and(eq(liveRooms.id, roomId), eq(liveRooms.merchantCode, merchant.code), eq(liveRooms.active, true)));
  if (!row) throw new AppError(404, liveErrorCodes.roomNotFound, 'No such live room.');
  return { room: toRoom(row), streamUrl: row.streaming ? row.streamUrl : null };
}
