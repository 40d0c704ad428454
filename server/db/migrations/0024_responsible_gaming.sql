CREATE TABLE "member_limits" (
	"member_id" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"period" varchar(8) NOT NULL,
	"amount" bigint,
	"next_amount" bigint,
	"next_from" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_limits_member_id_kind_period_pk" PRIMARY KEY("member_id","kind","period"),
	CONSTRAINT "member_limits_kind_ck" CHECK ("member_limits"."kind" in ('deposit', 'loss', 'wager')),
	CONSTRAINT "member_limits_period_ck" CHECK ("member_limits"."period" in ('day', 'week', 'month')),
	CONSTRAINT "member_limits_amount_ck" CHECK (("member_limits"."amount" is null or "member_limits"."amount" > 0) and ("member_limits"."next_amount" is null or "member_limits"."next_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "member_protection" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"exclusion" varchar(16),
	"excluded_at" timestamp with time zone,
	"excluded_until" timestamp with time zone,
	"session_limit_minutes" integer DEFAULT 0 NOT NULL,
	"reality_check_minutes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_protection_exclusion_ck" CHECK ("member_protection"."exclusion" is null or "member_protection"."exclusion" in ('timeOut', 'selfExclusion')),
	CONSTRAINT "member_protection_minutes_ck" CHECK ("member_protection"."session_limit_minutes" >= 0 and "member_protection"."reality_check_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_limits" ADD CONSTRAINT "member_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_protection" ADD CONSTRAINT "member_protection_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Responsible gambling (contract/responsible-gaming.ts, docs/responsible-gaming.md): the bets' check, in the
-- seamless wallet's batch, under the member's wallet row lock (so two bets of a member are checked one after the
-- other, whatever process places them). A member with no member_protection row pays one index lookup.
CREATE FUNCTION "rg_period_start"(p_period text, p_at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  -- day, week (ISO, from Monday) or month, in UTC.
  SELECT date_trunc(p_period, p_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;
--> statement-breakpoint
-- Why a bet of p_stake by p_member at p_at is refused, or null: 'excluded' (a time-out or self-exclusion in force),
-- 'limit_wager' (the period's stakes, with this batch's earlier bets of the member and this one, would pass a wager
-- limit) or 'limit_loss' (the same for stake - win, an open bet counting its whole stake).
CREATE FUNCTION "rg_bet_refusal"(p_member bigint, p_stake bigint, p_batch_members bigint[], p_batch_stakes bigint[], p_at timestamptz)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_exclusion text;
  v_until timestamptz;
  v_pending bigint;
  v_wager bigint;
  v_loss bigint;
  l record;
BEGIN
  SELECT pr.exclusion, pr.excluded_until INTO v_exclusion, v_until FROM "member_protection" pr WHERE pr.member_id = p_member;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF v_exclusion IS NOT NULL AND (v_until IS NULL OR v_until > p_at) THEN
    RETURN 'excluded';
  END IF;
  SELECT coalesce(sum(u.s), 0) INTO v_pending FROM unnest(p_batch_members, p_batch_stakes) AS u(m, s) WHERE u.m = p_member;
  FOR l IN SELECT ml.kind, ml.period,
                  CASE WHEN ml.next_from IS NOT NULL AND ml.next_from <= p_at THEN ml.next_amount ELSE ml.amount END AS amount
             FROM "member_limits" ml
            WHERE ml.member_id = p_member AND ml.kind IN ('loss', 'wager') LOOP
    CONTINUE WHEN l.amount IS NULL;
    SELECT coalesce(sum(b.stake), 0)::bigint, coalesce(sum(b.stake - CASE WHEN b.status = 'settled' THEN b.win ELSE 0 END), 0)::bigint
      INTO v_wager, v_loss
      FROM "bets" b
     WHERE b.member_id = p_member AND b.created_at >= rg_period_start(l.period, p_at) AND b.status <> 'rolled_back';
    IF l.kind = 'wager' AND v_wager + v_pending + p_stake > l.amount THEN
      RETURN 'limit_wager';
    END IF;
    IF l.kind = 'loss' AND v_loss + v_pending + p_stake > l.amount THEN
      RETURN 'limit_loss';
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "seamless_apply"(p_requests jsonb)
RETURNS TABLE (i integer, status text, balance bigint, platform_tx uuid, bet_id bigint, replayed boolean)
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  r record;
  p record;
  a record;
  n integer;
  k_from integer;
  k_to integer;
  v_tx uuid;
  v_legs text;
  v_refusal text;
  -- The accounts of the batch, locked: key ("<merchant>|<account key>"), id, kind, running and first balance.
  acc_key text[] := '{}';
  acc_id bigint[] := '{}';
  acc_kind text[] := '{}';
  acc_balance bigint[] := '{}';
  acc_first bigint[] := '{}';
  -- What the batch writes.
  tx_id uuid[] := '{}'; tx_merchant text[] := '{}'; tx_key text[] := '{}'; tx_kind text[] := '{}'; tx_hash text[] := '{}'; tx_meta jsonb[] := '{}';
  po_tx uuid[] := '{}'; po_account bigint[] := '{}'; po_amount bigint[] := '{}'; po_after bigint[] := '{}';
  nb_id bigint[] := '{}'; nb_merchant text[] := '{}'; nb_member bigint[] := '{}'; nb_game integer[] := '{}'; nb_vendor text[] := '{}';
  nb_round text[] := '{}'; nb_stake bigint[] := '{}'; nb_tx uuid[] := '{}'; nb_at timestamptz[] := '{}';
  cb_id bigint[] := '{}'; cb_status text[] := '{}'; cb_win bigint[] := '{}'; cb_tx uuid[] := '{}'; cb_at timestamptz[] := '{}';
  vr_merchant text[] := '{}'; vr_vendor text[] := '{}'; vr_round text[] := '{}'; vr_tx text[] := '{}'; vr_member bigint[] := '{}'; vr_at timestamptz[] := '{}';
  rq_merchant text[] := '{}'; rq_vendor text[] := '{}'; rq_tx text[] := '{}'; rq_kind text[] := '{}'; rq_hash text[] := '{}';
  rq_bet bigint[] := '{}'; rq_platform uuid[] := '{}'; rq_balance bigint[] := '{}';
  -- The answers, by position in the batch.
  o_i integer[] := '{}'; o_status text[] := '{}'; o_balance bigint[] := '{}'; o_platform uuid[] := '{}'; o_bet bigint[] := '{}'; o_replayed boolean[] := '{}';
BEGIN
  -- 1. Locks.
  PERFORM pg_advisory_xact_lock(l.k) FROM (
    SELECT DISTINCT hashtext('seamless|' || x.merchant || '|' || x.vendor || s.part) AS k
      FROM jsonb_to_recordset(p_requests) AS x(merchant varchar, vendor varchar, tx varchar, round varchar)
     CROSS JOIN LATERAL (VALUES ('|tx|' || x.tx), ('|round|' || x.round)) AS s(part)
     ORDER BY 1) AS l;
  INSERT INTO "ledger_accounts" (merchant_code, key, kind, member_id, vendor_code)
  SELECT DISTINCT x.merchant, s.key, s.kind, s.member_id, s.vendor_code
    FROM jsonb_to_recordset(p_requests) AS x(merchant varchar, vendor varchar, member bigint)
   CROSS JOIN LATERAL (VALUES ('member:' || x.member, 'member', x.member, NULL::varchar), ('vendor:' || x.vendor, 'vendor', NULL::bigint, x.vendor))
     AS s(key, kind, member_id, vendor_code)
   WHERE NOT EXISTS (SELECT 1 FROM "ledger_accounts" la WHERE la.merchant_code = x.merchant AND la.key = s.key)
     AND (s.kind = 'vendor' OR EXISTS (SELECT 1 FROM "members" m WHERE m.id = x.member AND m.merchant_code = x.merchant))
  ON CONFLICT (merchant_code, key) DO NOTHING;
  FOR a IN SELECT la.id, la.merchant_code, la.key, la.kind, la.balance FROM "ledger_accounts" la
            WHERE (la.merchant_code, la.key) IN (
              SELECT x.merchant, s.key FROM jsonb_to_recordset(p_requests) AS x(merchant varchar, vendor varchar, member bigint)
               CROSS JOIN LATERAL (VALUES ('member:' || x.member), ('vendor:' || x.vendor)) AS s(key))
            ORDER BY la.id FOR UPDATE LOOP
    acc_key := acc_key || (a.merchant_code || '|' || a.key);
    acc_id := acc_id || a.id;
    acc_kind := acc_kind || a.kind::text;
    acc_balance := acc_balance || a.balance;
    acc_first := acc_first || a.balance;
  END LOOP;

  -- 2. Each request, in order.
  FOR r IN SELECT * FROM jsonb_to_recordset(p_requests) AS x(i integer, kind text, merchant varchar, vendor varchar,
    tx varchar, member bigint, game varchar, round varchar, amount bigint, hash varchar, at timestamptz) LOOP
    SELECT * INTO p FROM seamless_plan(r.kind, r.merchant, r.vendor, r.tx, r.member, r.game, r.round, r.amount, r.hash);
    IF p.voided THEN
      vr_merchant := vr_merchant || r.merchant::text; vr_vendor := vr_vendor || r.vendor::text; vr_round := vr_round || r.round::text;
      vr_tx := vr_tx || r.tx::text; vr_member := vr_member || r.member; vr_at := vr_at || r.at;
    END IF;
    IF p.status IS NOT NULL THEN
      o_i := o_i || r.i; o_status := o_status || p.status; o_balance := o_balance || p.balance;
      o_platform := o_platform || p.platform_tx; o_bet := o_bet || p.bet_id; o_replayed := o_replayed || p.replayed;
      CONTINUE;
    END IF;
    -- A bet of a member who set limits or stepped away: refused when it would pass one (migration 0024).
    IF r.kind = 'debit' THEN
      v_refusal := rg_bet_refusal(r.member, p.amount, nb_member, nb_stake, r.at);
      IF v_refusal IS NOT NULL THEN
        o_i := o_i || r.i; o_status := o_status || v_refusal; o_balance := o_balance || NULL::bigint;
        o_platform := o_platform || NULL::uuid; o_bet := o_bet || NULL::bigint; o_replayed := o_replayed || false;
        CONTINUE;
      END IF;
    END IF;
    k_from := array_position(acc_key, r.merchant || '|' || p.from_key);
    k_to := array_position(acc_key, r.merchant || '|' || p.to_key);
    IF k_from IS NULL OR k_to IS NULL THEN
      RAISE EXCEPTION 'seamless_apply: account % or % is not locked', p.from_key, p.to_key;
    END IF;
    v_tx := NULL;
    IF p.amount > 0 THEN
      IF acc_kind[k_from] IN ('member', 'hold') AND acc_balance[k_from] < p.amount THEN
        o_i := o_i || r.i; o_status := o_status || 'insufficient'::text; o_balance := o_balance || NULL::bigint;
        o_platform := o_platform || NULL::uuid; o_bet := o_bet || NULL::bigint; o_replayed := o_replayed || false;
        CONTINUE;
      END IF;
      v_tx := gen_random_uuid();
      -- The request hash ledger.ts (planOf) stores: SHA-256 of ["<kind>",[["<account>",<amount>],...]], legs sorted as JavaScript sorts.
      IF (p.from_key || ',' || -p.amount) COLLATE "C" < (p.to_key || ',' || p.amount) COLLATE "C" THEN
        v_legs := '["' || p.from_key || '",' || -p.amount || '],["' || p.to_key || '",' || p.amount || ']';
      ELSE
        v_legs := '["' || p.to_key || '",' || p.amount || '],["' || p.from_key || '",' || -p.amount || ']';
      END IF;
      acc_balance[k_from] := acc_balance[k_from] - p.amount;
      acc_balance[k_to] := acc_balance[k_to] + p.amount;
      tx_id := tx_id || v_tx; tx_merchant := tx_merchant || r.merchant::text; tx_key := tx_key || p.ledger_key;
      tx_kind := tx_kind || (CASE r.kind WHEN 'debit' THEN 'bet' WHEN 'credit' THEN 'win' ELSE 'rollback' END);
      tx_hash := tx_hash || encode(sha256(convert_to('["' || tx_kind[cardinality(tx_kind)] || '",[' || v_legs || ']]', 'UTF8')), 'hex');
      tx_meta := tx_meta || p.meta;
      po_tx := po_tx || v_tx || v_tx;
      po_account := po_account || acc_id[k_from] || acc_id[k_to];
      po_amount := po_amount || -p.amount || p.amount;
      po_after := po_after || acc_balance[k_from] || acc_balance[k_to];
    END IF;
    n := array_position(acc_key, r.merchant || '|member:' || r.member);
    IF r.kind = 'debit' THEN
      p.bet_id := nextval('bets_id_seq');
      nb_id := nb_id || p.bet_id; nb_merchant := nb_merchant || r.merchant::text; nb_member := nb_member || r.member;
      nb_game := nb_game || p.game_id; nb_vendor := nb_vendor || r.vendor::text; nb_round := nb_round || r.round::text;
      nb_stake := nb_stake || p.amount; nb_tx := nb_tx || v_tx; nb_at := nb_at || r.at;
    ELSE
      cb_id := cb_id || p.bet_id; cb_status := cb_status || p.bet_status;
      cb_win := cb_win || (CASE WHEN r.kind = 'credit' THEN p.amount ELSE 0 END); cb_tx := cb_tx || v_tx; cb_at := cb_at || r.at;
    END IF;
    rq_merchant := rq_merchant || r.merchant::text; rq_vendor := rq_vendor || r.vendor::text; rq_tx := rq_tx || r.tx::text;
    rq_kind := rq_kind || r.kind; rq_hash := rq_hash || r.hash::text; rq_bet := rq_bet || p.bet_id; rq_platform := rq_platform || v_tx;
    rq_balance := rq_balance || acc_balance[n];
    o_i := o_i || r.i; o_status := o_status || 'ok'::text; o_balance := o_balance || acc_balance[n];
    o_platform := o_platform || v_tx; o_bet := o_bet || p.bet_id; o_replayed := o_replayed || false;
  END LOOP;

  -- 3. One statement writes the batch.
  WITH transactions AS (
    INSERT INTO "ledger_transactions" (id, merchant_code, idempotency_key, kind, request_hash, meta)
    SELECT * FROM unnest(tx_id, tx_merchant, tx_key, tx_kind, tx_hash, tx_meta)),
  postings AS (
    INSERT INTO "ledger_postings" (transaction_id, account_id, amount, balance_after)
    SELECT l.t, l.a, l.m, l.b FROM unnest(po_tx, po_account, po_amount, po_after) WITH ORDINALITY AS l(t, a, m, b, n) ORDER BY l.n),
  balances AS (
    UPDATE "ledger_accounts" la SET balance = v.b, updated_at = now()
      FROM unnest(acc_id, acc_balance, acc_first) AS v(id, b, f) WHERE la.id = v.id AND v.b <> v.f),
  opened AS (
    INSERT INTO "bets" (id, merchant_code, member_id, game_id, vendor_code, round_id, stake, status, bet_tx_id, created_at)
    SELECT l.id, l.merchant, l.member, l.game, l.vendor, l.round, l.stake, 'open', l.tx, l.at
      FROM unnest(nb_id, nb_merchant, nb_member, nb_game, nb_vendor, nb_round, nb_stake, nb_tx, nb_at)
        AS l(id, merchant, member, game, vendor, round, stake, tx, at)),
  closed AS (
    UPDATE "bets" b SET status = l.status, win = l.win, settle_tx_id = l.tx, settled_at = l.at
      FROM unnest(cb_id, cb_status, cb_win, cb_tx, cb_at) AS l(id, status, win, tx, at) WHERE b.id = l.id),
  voided AS (
    INSERT INTO "seamless_voided_rounds" (merchant_code, vendor_code, round_id, transaction_id, member_id, created_at)
    SELECT * FROM unnest(vr_merchant, vr_vendor, vr_round, vr_tx, vr_member, vr_at)
    ON CONFLICT DO NOTHING)
  INSERT INTO "seamless_requests" (merchant_code, vendor_code, transaction_id, kind, request_hash, bet_id, platform_transaction_id, balance_after)
  SELECT * FROM unnest(rq_merchant, rq_vendor, rq_tx, rq_kind, rq_hash, rq_bet, rq_platform, rq_balance);

  RETURN QUERY SELECT * FROM unnest(o_i, o_status, o_balance, o_platform, o_bet, o_replayed);
END;
$$;
