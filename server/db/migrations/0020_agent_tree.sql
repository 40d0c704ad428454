CREATE TABLE "member_day_bets" (
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"vendor_code" varchar(32) NOT NULL,
	"bet_count" integer NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint NOT NULL,
	CONSTRAINT "member_day_bets_member_id_day_vendor_code_pk" PRIMARY KEY("member_id","day","vendor_code")
);
--> statement-breakpoint
CREATE TABLE "member_tree" (
	"ancestor_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"depth" smallint NOT NULL,
	CONSTRAINT "member_tree_ancestor_id_member_id_pk" PRIMARY KEY("ancestor_id","member_id"),
	CONSTRAINT "member_tree_depth_ck" CHECK ("member_tree"."depth" >= 0 and ("member_tree"."depth" = 0) = ("member_tree"."ancestor_id" = "member_tree"."member_id"))
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "agent_menu" jsonb DEFAULT '["AGEPAG","TRANSREC3","DOWNMAN","AGENTRANSMULTDOWN3","AGETEAMPNL3","TEAMBETTING3","GAMSER","AGEREBINC3","SECPRIV","MAILCEN"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "member_day_bets" ADD CONSTRAINT "member_day_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_tree_member_idx" ON "member_tree" USING btree ("member_id","depth");--> statement-breakpoint
CREATE INDEX "sessions_member_created_idx" ON "sessions" USING btree ("member_id","created_at");--> statement-breakpoint
-- The agency tree's closure (schema-agent.ts): every member at depth 0 of itself, and below each of its parent's ancestors.
CREATE FUNCTION member_tree_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_tree (ancestor_id, member_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.parent_id IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, member_id, depth)
      SELECT ancestor_id, NEW.id, depth + 1 FROM member_tree WHERE member_id = NEW.parent_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER members_tree_insert AFTER INSERT ON members FOR EACH ROW EXECUTE FUNCTION member_tree_on_insert();--> statement-breakpoint
-- A member's agent never changes: the closure stays true without rewriting subtrees.
CREATE FUNCTION member_parent_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
    RAISE EXCEPTION 'members.parent_id cannot change (member %)', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER members_parent_fixed BEFORE UPDATE OF parent_id ON members FOR EACH ROW EXECUTE FUNCTION member_parent_fixed();--> statement-breakpoint
INSERT INTO member_tree (ancestor_id, member_id, depth)
WITH RECURSIVE up AS (
  SELECT id AS member_id, id AS ancestor_id, parent_id, 0 AS depth FROM members
  UNION ALL
  SELECT up.member_id, m.id, m.parent_id, up.depth + 1 FROM up JOIN members m ON m.id = up.parent_id
)
SELECT ancestor_id, member_id, depth FROM up;--> statement-breakpoint
-- Each member's settled bets per UTC day of settlement and vendor (schema-agent.ts): a settled bet adds itself, a change of a settled bet takes its old self away first.
CREATE FUNCTION member_day_bets_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'settled' THEN
    UPDATE member_day_bets
       SET bet_count = bet_count - 1, stake = stake - OLD.stake, win = win - OLD.win
     WHERE member_id = OLD.member_id
       AND day = (coalesce(OLD.settled_at, OLD.created_at) AT TIME ZONE 'UTC')::date
       AND vendor_code = OLD.vendor_code;
  END IF;
  IF NEW.status = 'settled' THEN
    INSERT INTO member_day_bets (member_id, day, vendor_code, bet_count, stake, win)
    VALUES (NEW.member_id, (coalesce(NEW.settled_at, NEW.created_at) AT TIME ZONE 'UTC')::date, NEW.vendor_code, 1, NEW.stake, NEW.win)
    ON CONFLICT (member_id, day, vendor_code) DO UPDATE
      SET bet_count = member_day_bets.bet_count + 1,
          stake = member_day_bets.stake + excluded.stake,
          win = member_day_bets.win + excluded.win;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER bets_day_totals AFTER INSERT OR UPDATE ON bets FOR EACH ROW EXECUTE FUNCTION member_day_bets_on_change();--> statement-breakpoint
INSERT INTO member_day_bets (member_id, day, vendor_code, bet_count, stake, win)
SELECT member_id, (coalesce(settled_at, created_at) AT TIME ZONE 'UTC')::date, vendor_code, count(*), sum(stake), sum(win)
  FROM bets WHERE status = 'settled' GROUP BY 1, 2, 3;
