-- Hand-written: the kept counts of a group's activities, for /activity/group's totalCount: the whole list
-- ('group.activities') and one per type ('group.activities:<TYPE>', summed when types are asked), kept by
-- statement triggers in the transaction that writes the activities. Activities of no group count nowhere.
CREATE FUNCTION group_activity_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pick text := 'SELECT r.group_id AS owner_id, r.type, %s AS k FROM %I r WHERE r.group_id IS NOT NULL';
  changes text;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format(pick, '1', 'new_rows')
    WHEN 'DELETE' THEN format(pick, '-1', 'old_rows')
    ELSE format(pick, '1', 'new_rows') || ' UNION ALL ' || format(pick, '-1', 'old_rows')
  END;
  -- In (list, owner) order, so two bulk statements lock counters in the same order.
  EXECUTE format(
    'INSERT INTO list_counts AS c (list, owner_id, n)
       SELECT list, owner_id, sum(k) FROM (
         SELECT ''group.activities'' AS list, owner_id, k FROM (%1$s) x
         UNION ALL SELECT ''group.activities:'' || type, owner_id, k FROM (%1$s) y) z
       GROUP BY list, owner_id HAVING sum(k) <> 0 ORDER BY list, owner_id
     ON CONFLICT (list, owner_id) DO UPDATE SET n = c.n + excluded.n', changes);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activities_group_count_insert AFTER INSERT ON activities REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_activity_counts_apply();
--> statement-breakpoint
CREATE TRIGGER activities_group_count_update AFTER UPDATE ON activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_activity_counts_apply();
--> statement-breakpoint
CREATE TRIGGER activities_group_count_delete AFTER DELETE ON activities REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_activity_counts_apply();
--> statement-breakpoint
-- The counts of the activities already there.
INSERT INTO list_counts (list, owner_id, n)
  SELECT 'group.activities', group_id, count(*) FROM activities WHERE group_id IS NOT NULL GROUP BY group_id
  UNION ALL
  SELECT 'group.activities:' || type, group_id, count(*) FROM activities WHERE group_id IS NOT NULL GROUP BY type, group_id
ON CONFLICT (list, owner_id) DO UPDATE SET n = excluded.n;
