import { createTestDatabase } from '../../server/test/test-db.ts';
import { createMember } from '../../server/test/wallet-harness.ts';
import { sql } from 'drizzle-orm';
import { randomBytes, createHash } from 'node:crypto';
const t = await createTestDatabase();
const m = await createMember(t.db, 'microsql');
const [g] = (await t.db.execute(sql`select id from games where merchant_code = 'DEMO' and node_id is not null limit 1`) as any).rows;
const rowsOf = (n: number) => Array.from({ length: n }, () => {
  const now = new Date();
  return { tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'), merchant: 'DEMO', memberId: m.id, gameId: g.id, freePlay: false,
    createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + 3600e3).toISOString(), launchExpiresAt: new Date(now.getTime() + 60e3).toISOString() };
});
async function time(name: string, run: (rows: any[]) => Promise<unknown>) {
  const s = performance.now(); let n = 0;
  while (performance.now() - s < 3000) { const rows = rowsOf(50); await run(rows); n += 50; }
  console.log(`${name}: ${Math.round(n / ((performance.now() - s) / 1000))} rows/s`);
}
const jsonb = (rows: any[]) => t.db.execute(sql`with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t("tokenHash" text, merchant text, "memberId" bigint, "gameId" integer, "freePlay" boolean,
             "createdAt" timestamptz, "expiresAt" timestamptz, "launchExpiresAt" timestamptz)),
    launched as (
      insert into game_sessions (token_hash, merchant, member_id, game_id, free_play, created_at, expires_at, launch_expires_at)
      select "tokenHash", merchant, "memberId", "gameId", "freePlay", "createdAt", "expiresAt", "launchExpiresAt" from input)
    insert into member_recent_games (member_id, game_id, last_played_at)
    select "memberId", "gameId", max("createdAt") from input group by "memberId", "gameId"
    on conflict (member_id, game_id) do update set last_played_at = greatest(member_recent_games.last_played_at, excluded.last_played_at)`);
const sessionsOnly = (rows: any[]) => t.db.execute(sql`insert into game_sessions (token_hash, merchant, member_id, game_id, free_play, created_at, expires_at, launch_expires_at)
      select "tokenHash", merchant, "memberId", "gameId", "freePlay", "createdAt", "expiresAt", "launchExpiresAt" from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t("tokenHash" text, merchant text, "memberId" bigint, "gameId" integer, "freePlay" boolean,
             "createdAt" timestamptz, "expiresAt" timestamptz, "launchExpiresAt" timestamptz)`);
const selectOnly = (rows: any[]) => t.db.execute(sql`select count(*) from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t("tokenHash" text, merchant text, "memberId" bigint, "gameId" integer, "freePlay" boolean,
             "createdAt" timestamptz, "expiresAt" timestamptz, "launchExpiresAt" timestamptz)`);
const arrays = (rows: any[]) => t.db.execute(sql`select count(*) from unnest(${'{' + rows.map((r) => r.tokenHash).join(',') + '}'}::text[], ${'{' + rows.map((r) => r.memberId).join(',') + '}'}::bigint[], ${'{' + rows.map((r) => r.gameId).join(',') + '}'}::int[], ${'{' + rows.map((r) => r.createdAt).join(',') + '}'}::timestamptz[]) as t(h, m, g, c)`);
const withId = (rows: any[]) => t.db.execute(sql`insert into game_sessions (id, token_hash, merchant, member_id, game_id, free_play, created_at, expires_at, launch_expires_at)
      select gen_random_uuid(), "tokenHash", merchant, "memberId", "gameId", "freePlay", "createdAt", "expiresAt", "launchExpiresAt" from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t("tokenHash" text, merchant text, "memberId" bigint, "gameId" integer, "freePlay" boolean,
             "createdAt" timestamptz, "expiresAt" timestamptz, "launchExpiresAt" timestamptz)`);
const withJsId = (rows: any[]) => t.db.execute(sql`insert into game_sessions (id, token_hash, merchant, member_id, game_id, free_play, created_at, expires_at, launch_expires_at)
      select id, "tokenHash", merchant, "memberId", "gameId", "freePlay", "createdAt", "expiresAt", "launchExpiresAt" from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ ...r, id: crypto.randomUUID() })))}::jsonb)
        as t(id uuid, "tokenHash" text, merchant text, "memberId" bigint, "gameId" integer, "freePlay" boolean,
             "createdAt" timestamptz, "expiresAt" timestamptz, "launchExpiresAt" timestamptz)`);
const uuids = () => t.db.execute(sql`select count(gen_random_uuid()) from generate_series(1, 50)`);
const viaArrays = (rows: any[]) => t.db.execute(sql`with input as (
      select * from unnest(${sql.param(rows.map((r) => r.tokenHash))}::text[], ${sql.param(rows.map((r) => r.memberId))}::bigint[], ${sql.param(rows.map((r) => r.gameId))}::int[],
        ${sql.param(rows.map((r) => r.freePlay))}::boolean[], ${sql.param(rows.map((r) => r.createdAt))}::timestamptz[]) as t(token_hash, member_id, game_id, free_play, created_at)),
    launched as (
      insert into game_sessions (token_hash, merchant, member_id, game_id, free_play, created_at, expires_at, launch_expires_at)
      select token_hash, ${'DEMO'}, member_id, game_id, free_play, created_at, created_at + ${3600e3} * interval '1 millisecond', created_at + ${60e3} * interval '1 millisecond' from input)
    insert into member_recent_games (member_id, game_id, last_played_at)
    select member_id, game_id, max(created_at) from input group by member_id, game_id
    on conflict (member_id, game_id) do update set last_played_at = greatest(member_recent_games.last_played_at, excluded.last_played_at)`);
await time('arrays full', viaArrays);
await time('jsonb full', jsonb);
await time('arrays full', viaArrays);
await time('jsonb full', jsonb);
await t.db.execute(sql`alter table game_sessions drop constraint if exists game_sessions_merchant_merchants_code_fk`);
await time('arrays full, no merchant fk', viaArrays);
await t.db.execute(sql`alter table game_sessions drop constraint if exists game_sessions_member_id_members_id_fk`);
await time('arrays full, no merchant, member fk', viaArrays);
await t.db.execute(sql`alter table game_sessions drop constraint if exists game_sessions_game_id_games_id_fk`);
await time('arrays full, no fk', viaArrays);
await t.db.execute(sql`alter table member_recent_games drop constraint if exists member_recent_games_member_id_members_id_fk`);
await t.db.execute(sql`alter table member_recent_games drop constraint if exists member_recent_games_game_id_games_id_fk`);
await time('arrays full, no fk at all', viaArrays);
console.log((await t.db.execute(sql`select count(*), min(expires_at - created_at), max(launch_expires_at - created_at) from game_sessions`) as any).rows);
process.exit(0);
await time('sessions, uuid in sql', withId);
await time('sessions, uuid from js', withJsId);
await time('sessions, uuid in sql', withId);
await time('sessions, uuid from js', withJsId);
await time('select of arrays only', arrays);
const noop = async (rows: any[]) => rows;
await time('nothing (row generation)', noop);
await time('select of the json only', selectOnly);
await time('jsonb full', jsonb);
await time('sessions only', sessionsOnly);
await t.db.execute(sql`alter table game_sessions drop constraint if exists game_sessions_merchant_merchants_code_fk`);
await t.db.execute(sql`alter table game_sessions drop constraint if exists game_sessions_token_hash_ck`);
await time('sessions, no merchant fk, no regex check', sessionsOnly);
const fks = (await t.db.execute(sql`select conname from pg_constraint where conrelid = 'game_sessions'::regclass`) as any).rows;
console.log(fks);
await t.close();
