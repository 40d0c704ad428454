CREATE TABLE "member_activity" (
	"member_id" bigint NOT NULL,
	"span" char(1) NOT NULL,
	"start" date NOT NULL,
	"logins" integer NOT NULL,
	"bet_count" integer NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint NOT NULL,
	CONSTRAINT "member_activity_member_id_span_start_pk" PRIMARY KEY("member_id","span","start"),
	CONSTRAINT "member_activity_span_ck" CHECK ("member_activity"."span" in ('D', 'M'))
);
--> statement-breakpoint
CREATE TABLE "team_bet_days" (
	"ancestor_id" bigint NOT NULL,
	"day" date NOT NULL,
	"bettors" integer NOT NULL,
	"bet_count" integer NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint NOT NULL,
	CONSTRAINT "team_bet_days_ancestor_id_day_pk" PRIMARY KEY("ancestor_id","day")
);
--> statement-breakpoint
CREATE TABLE "team_placed_bets" (
	"ancestor_id" bigint NOT NULL,
	"day" date NOT NULL,
	"vendor_code" varchar(32) NOT NULL,
	"bet_count" integer NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint NOT NULL,
	CONSTRAINT "team_placed_bets_ancestor_id_day_vendor_code_pk" PRIMARY KEY("ancestor_id","day","vendor_code")
);
--> statement-breakpoint
DROP TABLE "member_day_bets" CASCADE;--> statement-breakpoint
ALTER TABLE "member_activity" ADD CONSTRAINT "member_activity_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_bet_days" ADD CONSTRAINT "team_bet_days_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_placed_bets" ADD CONSTRAINT "team_placed_bets_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_activity_span_start_idx" ON "member_activity" USING btree ("span","start","member_id");--> statement-breakpoint
-- The bets' running totals (schema-agent.ts) replace member_day_bets: one statement-level trigger per change of bets.
DROP TRIGGER bets_day_totals ON bets;--> statement-breakpoint
DROP FUNCTION member_day_bets_on_change();--> statement-breakpoint
-- What one bet row adds to the totals (sign 1) or takes away from them (sign -1): it counts on the UTC day it was
-- placed, and when settled on the UTC day it settled with its stake and win.
CREATE TYPE bet_delta AS (member_id bigint, vendor_code varchar(32), placed_day date, settled_day date, n integer, stake bigint, win bigint);--> statement-breakpoint
CREATE FUNCTION bet_delta_of(b bets, sign integer) RETURNS bet_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(b.member_id, b.vendor_code, (b.created_at AT TIME ZONE 'UTC')::date,
             CASE WHEN b.status = 'settled' THEN (coalesce(b.settled_at, b.created_at) AT TIME ZONE 'UTC')::date END,
             sign,
             CASE WHEN b.status = 'settled' THEN sign * b.stake ELSE 0 END,
             CASE WHEN b.status = 'settled' THEN sign * b.win ELSE 0 END)::bet_delta
$$;--> statement-breakpoint
-- Applies a statement's deltas: the members' day and month rows, then each ancestor's day of settlement (a member who
-- bets for the first time that day adds a bettor; one whose bets of the day are all taken away removes one) and day of
-- placing per vendor. Every upsert walks its keys in order, so concurrent statements lock shared rows in the same order.
-- The statement's plan is cached for the small sets of a settlement; a bulk statement's deltas (more than
-- bet_rollups_chunk) are applied a chunk at a time, members in order, each chunk as a small set.
CREATE FUNCTION bet_rollups_apply(deltas bet_delta[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bet_rollups_chunk constant integer := 200;
  ordered bet_delta[];
BEGIN
  IF cardinality(deltas) IS NULL THEN
    RETURN;
  END IF;
  IF cardinality(deltas) > bet_rollups_chunk THEN
    ordered := array(SELECT d FROM unnest(deltas) AS d ORDER BY (d).member_id);
    FOR k IN 0 .. (cardinality(ordered) - 1) / bet_rollups_chunk LOOP
      PERFORM bet_rollups_apply(ordered[k * bet_rollups_chunk + 1 : (k + 1) * bet_rollups_chunk]);
    END LOOP;
    RETURN;
  END IF;
  WITH settled AS (
    SELECT d.member_id, p.span, p.start, sum(d.n)::integer AS n, sum(d.stake)::bigint AS stake, sum(d.win)::bigint AS win
      FROM unnest(deltas) d
      CROSS JOIN LATERAL (VALUES ('D', d.settled_day), ('M', date_trunc('month', d.settled_day)::date)) AS p(span, start)
     WHERE d.settled_day IS NOT NULL
     GROUP BY 1, 2, 3
    HAVING sum(d.n) <> 0 OR sum(d.stake) <> 0 OR sum(d.win) <> 0),
  member_rows AS (
    INSERT INTO member_activity AS a (member_id, span, start, logins, bet_count, stake, win)
    SELECT member_id, span, start, 0, n, stake, win FROM settled ORDER BY member_id, span, start
    ON CONFLICT (member_id, span, start) DO UPDATE
      SET bet_count = a.bet_count + excluded.bet_count, stake = a.stake + excluded.stake, win = a.win + excluded.win
    RETURNING member_id, span, start, bet_count),
  team_days AS (
    INSERT INTO team_bet_days AS t (ancestor_id, day, bettors, bet_count, stake, win)
    SELECT tr.ancestor_id, s.start, sum((r.bet_count > 0)::integer - (r.bet_count - s.n > 0)::integer), sum(s.n), sum(s.stake), sum(s.win)
      FROM settled s
      JOIN member_rows r ON r.member_id = s.member_id AND r.span = s.span AND r.start = s.start
      JOIN member_tree tr ON tr.member_id = s.member_id AND tr.depth > 0
     WHERE s.span = 'D'
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (ancestor_id, day) DO UPDATE
      SET bettors = t.bettors + excluded.bettors, bet_count = t.bet_count + excluded.bet_count,
          stake = t.stake + excluded.stake, win = t.win + excluded.win)
  INSERT INTO team_placed_bets AS t (ancestor_id, day, vendor_code, bet_count, stake, win)
  SELECT tr.ancestor_id, d.placed_day, d.vendor_code, sum(d.n), sum(d.stake), sum(d.win)
    FROM unnest(deltas) d JOIN member_tree tr ON tr.member_id = d.member_id AND tr.depth > 0
   GROUP BY 1, 2, 3
  HAVING sum(d.n) <> 0 OR sum(d.stake) <> 0 OR sum(d.win) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (ancestor_id, day, vendor_code) DO UPDATE
    SET bet_count = t.bet_count + excluded.bet_count, stake = t.stake + excluded.stake, win = t.win + excluded.win;
END $$;--> statement-breakpoint
CREATE FUNCTION bets_rollups_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bet_rollups_apply(array(SELECT bet_delta_of(n, 1) FROM new_rows n));
  ELSE
    PERFORM bet_rollups_apply(array(SELECT bet_delta_of(n, 1) FROM new_rows n UNION ALL SELECT bet_delta_of(o, -1) FROM old_rows o));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER bets_rollups_insert AFTER INSERT ON bets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bets_rollups_on_change();--> statement-breakpoint
CREATE TRIGGER bets_rollups_update AFTER UPDATE ON bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bets_rollups_on_change();--> statement-breakpoint
-- A session opened is a login of its member on that UTC day and month.
CREATE FUNCTION sessions_activity_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_activity AS a (member_id, span, start, logins, bet_count, stake, win)
  VALUES (NEW.member_id, 'D', (NEW.created_at AT TIME ZONE 'UTC')::date, 1, 0, 0, 0),
         (NEW.member_id, 'M', date_trunc('month', NEW.created_at AT TIME ZONE 'UTC')::date, 1, 0, 0, 0)
  ON CONFLICT (member_id, span, start) DO UPDATE SET logins = a.logins + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_activity AFTER INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_activity_on_insert();--> statement-breakpoint
-- The totals of the bets and sessions already there.
INSERT INTO member_activity (member_id, span, start, logins, bet_count, stake, win)
SELECT member_id, span, start, sum(logins), sum(bet_count), sum(stake), sum(win) FROM (
  SELECT b.member_id, p.span, p.start, 0 AS logins, count(*) AS bet_count, sum(b.stake) AS stake, sum(b.win) AS win
    FROM bets b
    CROSS JOIN LATERAL (VALUES ('D', (coalesce(b.settled_at, b.created_at) AT TIME ZONE 'UTC')::date),
                               ('M', date_trunc('month', coalesce(b.settled_at, b.created_at) AT TIME ZONE 'UTC')::date)) AS p(span, start)
   WHERE b.status = 'settled' GROUP BY 1, 2, 3
  UNION ALL
  SELECT s.member_id, p.span, p.start, count(*), 0, 0, 0
    FROM sessions s
    CROSS JOIN LATERAL (VALUES ('D', (s.created_at AT TIME ZONE 'UTC')::date),
                               ('M', date_trunc('month', s.created_at AT TIME ZONE 'UTC')::date)) AS p(span, start)
   GROUP BY 1, 2, 3) totals
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO team_bet_days (ancestor_id, day, bettors, bet_count, stake, win)
SELECT tr.ancestor_id, a.start, count(*), sum(a.bet_count), sum(a.stake), sum(a.win)
  FROM member_activity a JOIN member_tree tr ON tr.member_id = a.member_id AND tr.depth > 0
 WHERE a.span = 'D' AND a.bet_count > 0
 GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO team_placed_bets (ancestor_id, day, vendor_code, bet_count, stake, win)
SELECT tr.ancestor_id, (b.created_at AT TIME ZONE 'UTC')::date, b.vendor_code, count(*),
       coalesce(sum(b.stake) FILTER (WHERE b.status = 'settled'), 0), coalesce(sum(b.win) FILTER (WHERE b.status = 'settled'), 0)
  FROM bets b JOIN member_tree tr ON tr.member_id = b.member_id AND tr.depth > 0
 GROUP BY 1, 2, 3;
