/**
 * Indexes at 10 times the catalogue: a merchant BIG with the demo catalogue
 * seeded at scale 10 (6 000+ games) next to DEMO. The page and hot queries
 * must read through the games indexes (EXPLAIN), never scan the table.
 * Timings of 1x against 10x are measured by `npm run bench:catalogue`.
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameListQuery } from '../../../contract/games.ts';
import { merchants } from '../../db/schema.ts';
import { demoMerchant } from '../../seed/seed.ts';
import { seedCatalogueIfEmpty } from '../../seed/seed-catalogue.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { countGames, type GameFilter, gamePageQuery, hotGamesQuery } from './queries.ts';
import { listFilter } from './service.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.insert(merchants).values({ ...demoMerchant, code: 'BIG', name: 'Ten times' });
  await seedCatalogueIfEmpty(testDb.db, 'BIG', { scale: 10, content: false });
  await testDb.db.execute(sql`analyze`);
}, 180_000);
afterAll(async () => {
  await testDb.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

async function plan(query: SQL | { getSQL(): SQL }): Promise<PlanNode> {
  const result = (await testDb.db.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0]!)[0];
  const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

function describePlan(node: PlanNode, depth = 0): string {
  const self = `${'  '.repeat(depth)}${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
  return [self, ...(node.Plans ?? []).map((p) => describePlan(p, depth + 1))].join('\n');
}

const big = (query: Partial<GameListQuery>): GameFilter => listFilter('BIG', query);

const pageCases: [string, GameFilter, string][] = [
  ['all games, page 1', big({}), 'games_merchant_sort_idx'],
  ['RNG, page 1', big({ gameType: 'RNG' }), 'games_merchant_type_sort_idx'],
  ['RNG + vendor PXG', big({ gameType: 'RNG', vassalage: 'PXG' }), 'games_merchant_type_vendor_sort_idx'],
  ['INHOUSE (RNG + BGS)', big({ gameType: 'INHOUSE' }), 'games_merchant_type_vendor_sort_idx'],
  ['ESPORTS (SPORTS + IMES/TF/IA)', big({ gameType: 'ESPORTS' }), 'games_merchant_type'],
  ['RNG + isNew', big({ gameType: 'RNG', isNew: true }), 'games_merchant_type'],
  ['FISH + minBet', big({ gameType: 'FISH', minBet: 5 }), 'games_merchant_type'],
  ['LIVE + classify', big({ gameType: 'LIVE', gameClassify: 'BACCARAT' }), 'games_merchant_type'],
];

describe('game queries at 10x the catalogue', () => {
  it('has 10 times the games', async () => {
    const demo = await countGames(testDb.db, listFilter('DEMO', {}));
    const tenfold = await countGames(testDb.db, big({}));
    expect(tenfold).toBeGreaterThanOrEqual(6000);
    expect(tenfold).toBeGreaterThanOrEqual(demo * 9.5);
  });

  it.each(pageCases)('reads a page of "%s" through an index', async (_name, filter, index) => {
    const root = await plan(gamePageQuery(testDb.db, filter, 25, 0));
    const all = nodes(root);
    expect(all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'games'), describePlan(root)).toBe(false);
    expect(all.some((n) => n['Index Name']?.startsWith(index)), describePlan(root)).toBe(true);
  });

  it('reads the hot list through the partial hot index', async () => {
    for (const filter of [big({}), big({ gameType: 'FISH' })]) {
      const root = await plan(hotGamesQuery(testDb.db, filter, 100));
      const all = nodes(root);
      expect(all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'games'), describePlan(root)).toBe(false);
      expect(all.some((n) => n['Index Name']?.startsWith('games_merchant_')), describePlan(root)).toBe(true);
    }
  });
});
