/**
 * The demo identity check (docs/member.md, "KYC center"): player1's check is
 * approved, sent 3 days before the seed ran and reviewed 2 days before, with
 * two small generated PNG images of an ID card's front (a photo box and text
 * lines) and back (a stripe and a barcode), so the KYC center shows it
 * verified and `kyc list` / `kyc export player1 <dir>` have something real.
 * Seeded when player1 exists and has no check; running it again changes
 * nothing.
 */
import { crc32, deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { memberKyc, members } from '../db/schema.ts';
import { demoAccounts } from './seed-members.ts';

const day = 86_400_000;

type Rgb = readonly [number, number, number];

/** A truecolour PNG of `width` x `height` whose pixel at (x, y) is `colour(x, y)`. */
export function generatePng(width: number, height: number, colour: (x: number, y: number) => Rgb): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) rows.set(colour(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const card: Rgb = [226, 236, 246];
const ink: Rgb = [70, 84, 110];
const photo: Rgb = [150, 170, 196];
const border: Rgb = [120, 140, 170];

const onBorder = (x: number, y: number, w: number, h: number) => x === 0 || y === 0 || x === w - 1 || y === h - 1;

/** The ID's front: a photo box on the left, five text lines on the right. */
export const demoKycFront = generatePng(96, 60, (x, y) => {
  if (onBorder(x, y, 96, 60)) return border;
  if (x >= 6 && x < 32 && y >= 10 && y < 46) return photo;
  if (x >= 38 && x < 88 && y >= 12 && y < 44 && (y - 12) % 7 < 2) return ink;
  return card;
});

/** The ID's back: a dark stripe and a barcode. */
export const demoKycBack = generatePng(96, 60, (x, y) => {
  if (onBorder(x, y, 96, 60)) return border;
  if (y >= 8 && y < 20) return ink;
  if (y >= 34 && y < 50 && x >= 10 && x < 86 && (x * 7) % 5 < 2) return ink;
  return card;
});

/** Returns whether it seeded. */
export async function seedKycIfEmpty(db: Database, merchantCode: string, now = new Date()): Promise<boolean> {
  const [player] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, demoAccounts.player.username)))
    .limit(1);
  if (!player) return false;
  const seeded = await db
    .insert(memberKyc)
    .values({
      memberId: player.id,
      status: 'approved',
      frontType: 'image/png',
      front: demoKycFront,
      backType: 'image/png',
      back: demoKycBack,
      reason: null,
      submittedAt: new Date(now.getTime() - 3 * day),
      reviewedAt: new Date(now.getTime() - 2 * day),
    })
    .onConflictDoNothing()
    .returning({ memberId: memberKyc.memberId });
  return seeded.length > 0;
}
