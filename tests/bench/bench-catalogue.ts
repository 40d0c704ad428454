/**
 * `npm run bench:catalogue` — the game list call at 1x and 10x the catalogue.
 *
 * Seeds a fresh database (PGlite in memory, or a fresh PostgreSQL database
 * through DATABASE_URL) with the demo merchant (1x) and a merchant BIG with
 * the catalogue at scale 10, then prints for each query the median of 25 runs
 * of the whole list call (count + page) on both, and the ratio 10x / 1x,
 * measured in the same run. The index plans are asserted by
 * server/modules/games/catalogue-scale.test.ts; this only measures.
 */
import { sql } from 'drizzle-orm';
import type { GameListQuery } from '../../contract/games.ts';
import { merchants } from '../../server/db/schema.ts';
import { demoMerchant } from '../../server/seed/seed.ts';
import { seedCatalogueIfEmpty } from '../../server/seed/seed-catalogue.ts';
import { gameList } from '../../server/modules/games/service.ts';
import { createTestDatabase } from '../../server/test/test-db.ts';
import { median, table } from './support.ts';

const runs = 25;
const cases: [string, Partial<GameListQuery> & { last?: boolean }][] = [
  ['RNG page 1', { gameType: 'RNG' }],
  ['RNG last page', { gameType: 'RNG', last: true }],
  ['all, name search', { gameName: 'dragon' }],
  ['LIVE page 1', { gameType: 'LIVE' }],
  ['FISH + minBet', { gameType: 'FISH', minBet: 5 }],
];

const testDb = await createTestDatabase();
try {
  await testDb.db.insert(merchants).values({ ...demoMerchant, code: 'BIG', name: 'Ten times' });
  await seedCatalogueIfEmpty(testDb.db, 'BIG', { scale: 10, content: false });
  await testDb.db.execute(sql`analyze`);

  const measure = async (merchant: string, { last, ...rest }: Partial<GameListQuery> & { last?: boolean }) => {
    const query = { pageNo: 1, pageSize: 25, ...rest } as GameListQuery;
    const first = await gameList(testDb.db, merchant, query); // warm-up
    if (last) query.pageNo = Math.max(1, first.totalPages);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await gameList(testDb.db, merchant, query);
      times.push(performance.now() - start);
    }
    return median(times);
  };

  const rows = [['query', '1x ms', '10x ms', '10x / 1x']];
  for (const [name, query] of cases) {
    const one = await measure('DEMO', query);
    const ten = await measure('BIG', query);
    rows.push([name, one.toFixed(2), ten.toFixed(2), (ten / one).toFixed(2)]);
  }
  console.log(`game list, median of ${runs} runs (${testDb.databaseUrl ? 'PostgreSQL' : 'PGlite'}):`);
  console.log(table(rows));
} finally {
  await testDb.close();
}
