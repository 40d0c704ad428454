/**
 * The live chat's demo data: a staff account for the staff console
 * (`support1` / `Support#2026`, shown as "Mia") and the LIVECHAT entry
 * pointing at the site's own chat (/m/chat). More accounts:
 * `STAFF_PASSWORD=... npm run admin -- staff add <name>`.
 */
import { and, eq } from 'drizzle-orm';
import { chatScreenPath } from '../../contract/chat.ts';
import type { Database } from '../db/connect.ts';
import { customerServiceLinks } from '../db/schema-catalogue.ts';
import { chatStaff } from '../db/schema-chat.ts';
import { saveStaff } from '../modules/chat/staff.ts';

export const demoStaff = { username: 'support1', password: 'Support#2026', name: 'Mia' };

export async function seedChatIfEmpty(db: Database, merchantCode: string): Promise<void> {
  const [any] = await db.select({ id: chatStaff.id }).from(chatStaff).where(eq(chatStaff.merchantCode, merchantCode)).limit(1);
  if (any) return;
  await saveStaff(db, merchantCode, demoStaff.username, demoStaff.name, demoStaff.password);
  // Databases seeded before the site had its own chat pointed LIVECHAT at the message center.
  await db
    .update(customerServiceLinks)
    .set({ path: chatScreenPath })
    .where(and(eq(customerServiceLinks.merchantCode, merchantCode), eq(customerServiceLinks.csType, 'LIVECHAT')));
}
