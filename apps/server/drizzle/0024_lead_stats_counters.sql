CREATE TABLE "lead_stats_days" (
	"group_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"given" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"won_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_stats_days_group_id_day_user_id_pk" PRIMARY KEY("group_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "lead_stats_months" (
	"group_id" integer NOT NULL,
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	"given" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"won_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_stats_months_group_id_month_user_id_pk" PRIMARY KEY("group_id","month","user_id")
);
--> statement-breakpoint
CREATE TABLE "lead_stats_totals" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"given" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"won_cents" bigint DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"received_won" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_stats_totals_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "leads_group_created_idx" ON "leads" USING btree ("group_id","created_at");--> statement-breakpoint
-- Hand-written: the triggers that keep the scoreboard's totals (lead_stats_totals, _months, _days) in step
-- with leads, in the writing transaction, and the totals of the leads already there. Statement-level
-- with transition tables (as list_counts_apply), so a bulk write costs one aggregate per table.

-- The three upserts that add a set of lead rows to the totals. `changes` selects, per lead row, k (+1 to
-- add it, -1 to take it away) and the lead's columns the totals read. Each upsert locks its rows in key
-- order, and the tables are always written in the same order, so two writers never wait on each other
-- in a circle.
CREATE FUNCTION lead_stats_statements(changes text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    format($q$
      WITH c AS (%s)
      INSERT INTO lead_stats_totals AS s (group_id, user_id, given, won, won_cents, received, received_won)
      SELECT group_id, user_id, sum(given), sum(won), sum(won_cents), sum(received), sum(received_won) FROM (
        SELECT group_id, created_by AS user_id, k AS given, CASE WHEN is_won THEN k ELSE 0 END AS won,
          CASE WHEN is_won THEN k * cents ELSE 0 END AS won_cents, 0 AS received, 0 AS received_won FROM c
        UNION ALL
        SELECT group_id, assigned_to, 0, 0, 0, k, CASE WHEN is_won THEN k ELSE 0 END FROM c WHERE assigned_to IS NOT NULL
      ) x GROUP BY group_id, user_id
      HAVING sum(given) <> 0 OR sum(won) <> 0 OR sum(won_cents) <> 0 OR sum(received) <> 0 OR sum(received_won) <> 0
      ORDER BY group_id, user_id
      ON CONFLICT (group_id, user_id) DO UPDATE SET given = s.given + excluded.given, won = s.won + excluded.won,
        won_cents = s.won_cents + excluded.won_cents, received = s.received + excluded.received,
        received_won = s.received_won + excluded.received_won$q$, changes),
    format($q$
      WITH c AS (%s)
      INSERT INTO lead_stats_months AS s (group_id, month, user_id, given, won, won_cents)
      SELECT group_id, month, user_id, sum(given), sum(won), sum(won_cents) FROM (
        SELECT group_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, created_by AS user_id,
          k AS given, 0 AS won, 0 AS won_cents FROM c
        UNION ALL
        SELECT group_id, date_trunc('month', won_at AT TIME ZONE 'UTC')::date, created_by, 0, k, k * cents
        FROM c WHERE is_won AND won_at IS NOT NULL
      ) x GROUP BY group_id, month, user_id
      HAVING sum(given) <> 0 OR sum(won) <> 0 OR sum(won_cents) <> 0
      ORDER BY group_id, month, user_id
      ON CONFLICT (group_id, month, user_id) DO UPDATE SET given = s.given + excluded.given,
        won = s.won + excluded.won, won_cents = s.won_cents + excluded.won_cents$q$, changes),
    format($q$
      WITH c AS (%s)
      INSERT INTO lead_stats_days AS s (group_id, day, user_id, given, won, won_cents)
      SELECT group_id, day, user_id, sum(given), sum(won), sum(won_cents) FROM (
        SELECT group_id, (created_at AT TIME ZONE 'UTC')::date AS day, created_by AS user_id,
          k AS given, 0 AS won, 0 AS won_cents FROM c
        UNION ALL
        SELECT group_id, (won_at AT TIME ZONE 'UTC')::date, created_by, 0, k, k * cents
        FROM c WHERE is_won AND won_at IS NOT NULL
      ) x GROUP BY group_id, day, user_id
      HAVING sum(given) <> 0 OR sum(won) <> 0 OR sum(won_cents) <> 0
      ORDER BY group_id, day, user_id
      ON CONFLICT (group_id, day, user_id) DO UPDATE SET given = s.given + excluded.given,
        won = s.won + excluded.won, won_cents = s.won_cents + excluded.won_cents$q$, changes)
  ]
$$;
--> statement-breakpoint
-- Per lead row: k, its group, submitter, assignee, times, whether it is Won now (and confirmed), its amount.
CREATE FUNCTION lead_stats_rows(k int, source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format(
    'SELECT %s::bigint AS k, r.group_id, r.created_by, r.assigned_to, r.created_at, r.won_at,
       coalesce(r.outcome_stage = ''WON'' AND NOT r.outcome_unconfirmed, false) AS is_won,
       coalesce(r.won_amount_cents, 0)::bigint AS cents FROM %I r', k, source)
$$;
--> statement-breakpoint
CREATE FUNCTION lead_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN lead_stats_rows(1, 'new_rows')
    WHEN 'DELETE' THEN lead_stats_rows(-1, 'old_rows')
    ELSE lead_stats_rows(1, 'new_rows') || ' UNION ALL ' || lead_stats_rows(-1, 'old_rows')
  END;
  statement text;
BEGIN
  -- Most updates (edits, ratings, activity times) change nothing the totals read: then there is nothing to add.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT group_id, created_by, assigned_to, created_at, won_at, outcome_stage, outcome_unconfirmed, won_amount_cents
      FROM old_rows
      EXCEPT ALL
      SELECT group_id, created_by, assigned_to, created_at, won_at, outcome_stage, outcome_unconfirmed, won_amount_cents
      FROM new_rows
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  FOREACH statement IN ARRAY lead_stats_statements(changes) LOOP
    EXECUTE statement;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_stats_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_stats_apply();
--> statement-breakpoint
CREATE TRIGGER leads_stats_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_stats_apply();
--> statement-breakpoint
CREATE TRIGGER leads_stats_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_stats_apply();
--> statement-breakpoint
-- The totals of the leads already there.
DO $$
DECLARE
  statement text;
BEGIN
  FOREACH statement IN ARRAY lead_stats_statements(lead_stats_rows(1, 'leads')) LOOP
    EXECUTE statement;
  END LOOP;
END $$;
