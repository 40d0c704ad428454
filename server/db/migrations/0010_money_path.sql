CREATE TABLE "member_recent_games" (
	"member_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"last_played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_recent_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "member_recent_games" ADD CONSTRAINT "member_recent_games_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_recent_games" ADD CONSTRAINT "member_recent_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_recent_games_member_last_idx" ON "member_recent_games" USING btree ("member_id","last_played_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "games_merchant_vendor_code_idx" ON "games" USING btree ("merchant_code","vassalage","game_code");--> statement-breakpoint
-- The recent games of every member so far: the last launch of each game.
INSERT INTO "member_recent_games" ("member_id", "game_id", "last_played_at")
SELECT "member_id", "game_id", max("created_at") FROM "game_sessions" GROUP BY "member_id", "game_id";
--> statement-breakpoint
-- The money path in the database (docs/money.md, "The seamless wallet in one statement").
--
-- 1. The ledger's invariants (migrations 0007 and 0008) are checked once per statement instead of once
--    per row at commit, and no weaker: a ledger transaction is written by ONE statement (its row, its
--    postings and its accounts' new balances), and at the end of every statement
--    * each transaction it inserted has at least two postings;
--    * each transaction it added postings to sums to zero (so no posting is ever added to an earlier
--      transaction), and each account those postings moved holds the balance_after of its last posting;
--    * each account it inserted or updated holds the balance_after of its last posting (0 without one),
--      so a balance only moves with its posting.
--    A batch of many ledger transactions written by one statement pays three trigger calls in all.
DROP TRIGGER "ledger_postings_balanced" ON "ledger_postings";
--> statement-breakpoint
DROP TRIGGER "ledger_transactions_balanced" ON "ledger_transactions";
--> statement-breakpoint
DROP TRIGGER "ledger_accounts_balance_posted" ON "ledger_accounts";
--> statement-breakpoint
DROP FUNCTION "ledger_check_balanced"();
--> statement-breakpoint
DROP FUNCTION "ledger_check_account_balance"();
--> statement-breakpoint
CREATE FUNCTION "ledger_check_new_transactions"() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  tx uuid;
BEGIN
  SELECT n.id INTO tx FROM new_transactions n
   WHERE (SELECT count(*) FROM "ledger_postings" p WHERE p.transaction_id = n.id) < 2
   LIMIT 1;
  IF tx IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % has fewer than two postings', tx
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_balanced" AFTER INSERT ON "ledger_transactions"
  REFERENCING NEW TABLE AS new_transactions FOR EACH STATEMENT EXECUTE FUNCTION "ledger_check_new_transactions"();
--> statement-breakpoint
CREATE FUNCTION "ledger_check_new_postings"() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  tx uuid;
  account bigint;
BEGIN
  SELECT n.transaction_id INTO tx FROM (SELECT DISTINCT np.transaction_id FROM new_postings np) n
   WHERE (SELECT coalesce(sum(p.amount), 0) <> 0 OR count(*) < 2 FROM "ledger_postings" p WHERE p.transaction_id = n.transaction_id)
   LIMIT 1;
  IF tx IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', tx
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced';
  END IF;
  SELECT a.id INTO account FROM "ledger_accounts" a
   WHERE a.id IN (SELECT DISTINCT np.account_id FROM new_postings np)
     AND a.balance <> (SELECT l.balance_after FROM "ledger_postings" l WHERE l.account_id = a.id ORDER BY l.account_id DESC, l.id DESC LIMIT 1)
   LIMIT 1;
  IF account IS NOT NULL THEN
    RAISE EXCEPTION 'ledger account % does not hold the balance of its last posting', account
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_balance_posted';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_postings_balanced" AFTER INSERT ON "ledger_postings"
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION "ledger_check_new_postings"();
--> statement-breakpoint
CREATE FUNCTION "ledger_check_written_accounts"() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  account bigint;
BEGIN
  SELECT n.id INTO account FROM new_accounts n
   WHERE n.balance <> coalesce((SELECT l.balance_after FROM "ledger_postings" l WHERE l.account_id = n.id ORDER BY l.account_id DESC, l.id DESC LIMIT 1), 0)
   LIMIT 1;
  IF account IS NOT NULL THEN
    RAISE EXCEPTION 'ledger account % does not hold the balance of its last posting', account
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_balance_posted';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_balance_posted" AFTER UPDATE ON "ledger_accounts"
  REFERENCING NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION "ledger_check_written_accounts"();
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_created_empty" AFTER INSERT ON "ledger_accounts"
  REFERENCING NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION "ledger_check_written_accounts"();
--> statement-breakpoint
-- 2. The seamless wallet (rules: server/modules/seamless/service.ts). seamless_plan decides one request
--    against the database (reads only, row locks on the round's bet): its answer when it needs no
--    movement (a replay, a refusal), else the movement and what it writes. seamless_apply runs a batch.
CREATE FUNCTION "seamless_plan"(
  p_kind text, p_merchant varchar, p_vendor varchar, p_tx varchar, p_member bigint, p_game varchar, p_round varchar,
  p_amount bigint, p_hash varchar,
  -- A status ends the request: 'ok' (answered: balance, platform_tx, bet_id, replayed) or a refusal.
  OUT status text, OUT balance bigint, OUT platform_tx uuid, OUT bet_id bigint, OUT replayed boolean,
  -- Otherwise (status null) the request moves `amount` (0: no ledger transaction) from `from_key` to
  -- `to_key` under `ledger_key`, opens a bet of `game_id` (debit) or closes `bet_id` as `bet_status`.
  OUT ledger_key text, OUT from_key text, OUT to_key text, OUT amount bigint, OUT meta jsonb,
  OUT game_id integer, OUT bet_status text, OUT voided boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_member_key text := 'member:' || p_member;
  v_vendor_key text := 'vendor:' || p_vendor;
  v_hash varchar;
  v_round_voided boolean;
  v_tx_voided boolean;
  v_round_taken boolean;
  v_bet record;
BEGIN
  replayed := false;
  voided := false;
  PERFORM 1 FROM "members" m
   WHERE m.id = p_member AND m.merchant_code = p_merchant AND (p_kind <> 'debit' OR m.status = 'active');
  IF NOT FOUND THEN
    status := 'player_unknown';
    RETURN;
  END IF;
  -- A transaction id seen before: its first answer, or a conflict when the parameters differ.
  SELECT r.request_hash, r.balance_after, r.platform_transaction_id, r.bet_id INTO v_hash, balance, platform_tx, bet_id
    FROM "seamless_requests" r
   WHERE r.merchant_code = p_merchant AND r.vendor_code = p_vendor AND r.transaction_id = p_tx;
  IF FOUND THEN
    IF v_hash <> p_hash THEN
      status := 'tx_conflict';
      RETURN;
    END IF;
    -- Rows older than migration 0007 kept no balance: the current one.
    balance := coalesce(balance, (SELECT a.balance FROM "ledger_accounts" a WHERE a.merchant_code = p_merchant AND a.key = v_member_key), 0);
    replayed := true;
    status := 'ok';
    RETURN;
  END IF;
  meta := jsonb_build_object('vendor', p_vendor, 'roundId', p_round, 'transactionId', p_tx);
  IF p_kind = 'debit' THEN
    ledger_key := 'seamless:' || p_vendor || ':' || p_tx;
    -- Each lookup matches every column of one index (a plan cached while the tables were small stays right).
    SELECT (SELECT g.id FROM "games" g WHERE g.merchant_code = p_merchant AND g.vassalage = p_vendor AND g.game_code = p_game LIMIT 1),
           EXISTS (SELECT 1 FROM "seamless_voided_rounds" v WHERE v.merchant_code = p_merchant AND v.vendor_code = p_vendor AND v.round_id = p_round),
           EXISTS (SELECT 1 FROM "seamless_voided_rounds" v WHERE v.merchant_code = p_merchant AND v.vendor_code = p_vendor AND v.transaction_id = p_tx),
           EXISTS (SELECT 1 FROM "bets" b WHERE b.merchant_code = p_merchant AND b.vendor_code = p_vendor AND b.round_id = p_round)
      INTO game_id, v_round_voided, v_tx_voided, v_round_taken;
    IF game_id IS NULL THEN
      status := 'game_unknown';
    ELSIF v_round_voided THEN
      status := 'round_voided';
    ELSIF v_tx_voided THEN
      status := 'tx_rolled_back';
    ELSIF v_round_taken THEN
      status := 'round_exists';
    END IF;
    IF status IS NOT NULL THEN RETURN; END IF;
    from_key := v_member_key;
    to_key := v_vendor_key;
    amount := p_amount;
    meta := meta || jsonb_build_object('gameId', game_id);
    RETURN;
  END IF;
  -- credit and rollback: the round's bet, locked until the batch commits.
  SELECT b.id, b.member_id, b.game_id, b.stake, b.status, b.settle_tx_id INTO v_bet FROM "bets" b
   WHERE b.merchant_code = p_merchant AND b.vendor_code = p_vendor AND b.round_id = p_round FOR UPDATE;
  IF NOT FOUND THEN
    -- A rollback of a round never seen: remembered, so that its late debit is refused.
    voided := p_kind = 'rollback';
    status := CASE WHEN p_kind = 'rollback' THEN 'round_unknown' ELSE 'bet_not_found' END;
    RETURN;
  ELSIF v_bet.member_id <> p_member THEN
    status := 'bet_not_found';
    RETURN;
  ELSIF v_bet.status = 'settled' THEN
    status := 'bet_settled';
    RETURN;
  ELSIF v_bet.status = 'rolled_back' AND p_kind = 'credit' THEN
    status := 'bet_rolled_back';
    RETURN;
  END IF;
  bet_id := v_bet.id;
  IF v_bet.status = 'rolled_back' THEN
    -- Rolled back before: the answer of the first rollback, nothing written.
    balance := coalesce(
      (SELECT r.balance_after FROM "seamless_requests" r WHERE r.bet_id = v_bet.id AND r.kind = 'rollback' LIMIT 1),
      (SELECT a.balance FROM "ledger_accounts" a WHERE a.merchant_code = p_merchant AND a.key = v_member_key),
      0);
    platform_tx := v_bet.settle_tx_id;
    replayed := true;
    status := 'ok';
    RETURN;
  END IF;
  IF p_kind = 'credit' THEN
    ledger_key := 'seamless:' || p_vendor || ':' || p_tx;
    amount := p_amount;
    bet_status := 'settled';
  ELSE
    ledger_key := 'seamless:' || p_vendor || ':rollback:' || v_bet.id;
    amount := v_bet.stake;
    bet_status := 'rolled_back';
  END IF;
  from_key := v_vendor_key;
  to_key := v_member_key;
  meta := meta || jsonb_build_object('gameId', v_bet.game_id);
END;
$$;
--> statement-breakpoint
-- seamless_apply: a batch of requests (a JSON array of {i, kind, merchant, vendor, tx, member, game,
-- round, amount, hash, at}; no two of them share a transaction id or a round) in ONE statement and one
-- database transaction, answering one row per request (i).
-- 1. The advisory locks of every transaction id and round, then the row locks of every account the batch
--    may move (created if missing), each in one global order: batches running at the same time (other
--    connections, other server processes) wait for each other but never deadlock.
-- 2. Each request, in order, is planned (seamless_plan) and its movement checked against the running
--    balances of the batch (a member or hold account never below zero: 'insufficient', nothing written).
-- 3. One statement writes everything: the ledger transactions, their postings with the balance after
--    each, every account's final balance, the bets opened and closed, the rounds voided and the answers
--    (seamless_requests). A refusal writes nothing; an error aborts the batch (the caller then runs its
--    requests one by one).
-- Every query is a lookup by an index: seq scans are off, so a plan cached while a table was small
-- never scans it once it has grown.
CREATE FUNCTION "seamless_apply"(p_requests jsonb)
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
