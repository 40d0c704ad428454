import { createTestDatabase } from '../../server/test/test-db.ts';
import { createMember } from '../../server/test/wallet-harness.ts';
import { addFavourite } from '../../server/modules/games/favourites.ts';
import { sql } from 'drizzle-orm';
const t = await createTestDatabase();
const m = await createMember(t.db, 'microfav');
const [g] = (await t.db.execute(sql`select node_id from games where merchant_code = 'DEMO' and node_id is not null limit 1`) as any).rows;
const who = { memberId: m.id, merchantCode: 'DEMO' };
for (const conc of [1, 50]) {
  const start = performance.now(); let n = 0; let worst = 0;
  while (performance.now() - start < 3000) {
    await Promise.all(Array.from({ length: conc }, async () => { const s = performance.now(); await addFavourite(t.db, who, { nodeId: g.node_id }, new Date()); worst = Math.max(worst, performance.now() - s); }));
    n += conc;
  }
  console.log(`concurrency ${conc}: ${Math.round(n / ((performance.now() - start) / 1000))} adds/s, worst ${Math.round(worst)} ms`);
}
await t.close();
