-- Hand-written: the triggers that keep list_counts in step with the rows it counts, in the writing
-- transaction, and the counts of the rows already there. Statement-level with transition tables, so a
-- bulk insert of a million leads costs one aggregate, not a million counter updates.

-- Adds the statement's changes to one list's counts. Arguments: the list, the owner column, and
-- optionally 'visible' (count only rows whose user_id is a visible account; a row whose account is
-- gone is counted, as it left with that account's deletion).
CREATE FUNCTION list_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  list_name text := TG_ARGV[0];
  owner_col text := TG_ARGV[1];
  pick text := 'SELECT r.%I AS owner_id, %s AS k FROM %I r';
  changes text;
BEGIN
  IF TG_NARGS > 2 AND TG_ARGV[2] = 'visible' THEN
    pick := pick || ' WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.deletion_requested_at IS NOT NULL)';
  END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format(pick, owner_col, '1', 'new_rows')
    WHEN 'DELETE' THEN format(pick, owner_col, '-1', 'old_rows')
    ELSE format(pick, owner_col, '1', 'new_rows') || ' UNION ALL ' || format(pick, owner_col, '-1', 'old_rows')
  END;
  -- In owner order, so two bulk statements lock counters in the same order.
  EXECUTE format(
    'INSERT INTO list_counts AS c (list, owner_id, n)
       SELECT $1, owner_id, sum(k) FROM (%s) x GROUP BY owner_id HAVING sum(k) <> 0 ORDER BY owner_id
     ON CONFLICT (list, owner_id) DO UPDATE SET n = c.n + excluded.n', changes) USING list_name;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_count_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('group.leads', 'group_id');
--> statement-breakpoint
CREATE TRIGGER leads_count_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('group.leads', 'group_id');
--> statement-breakpoint
CREATE TRIGGER leads_count_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('group.leads', 'group_id');
--> statement-breakpoint
CREATE TRIGGER group_members_count_insert AFTER INSERT ON group_members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('group.members', 'group_id', 'visible');
--> statement-breakpoint
CREATE TRIGGER group_members_count_update AFTER UPDATE ON group_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('group.members', 'group_id', 'visible');
--> statement-breakpoint
CREATE TRIGGER group_members_count_delete AFTER DELETE ON group_members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('group.members', 'group_id', 'visible');
--> statement-breakpoint
CREATE TRIGGER user_groups_count_insert AFTER INSERT ON group_members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('user.groups', 'user_id');
--> statement-breakpoint
CREATE TRIGGER user_groups_count_update AFTER UPDATE ON group_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('user.groups', 'user_id');
--> statement-breakpoint
CREATE TRIGGER user_groups_count_delete AFTER DELETE ON group_members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('user.groups', 'user_id');
--> statement-breakpoint
CREATE TRIGGER chat_messages_count_insert AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('room.messages', 'room_id');
--> statement-breakpoint
CREATE TRIGGER chat_messages_count_update AFTER UPDATE ON chat_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('room.messages', 'room_id');
--> statement-breakpoint
CREATE TRIGGER chat_messages_count_delete AFTER DELETE ON chat_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('room.messages', 'room_id');
--> statement-breakpoint
-- A member whose account is hidden (deletion requested) leaves the members' counts of their groups.
CREATE FUNCTION list_counts_user_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts AS c (list, owner_id, n)
    SELECT 'group.members', m.group_id, CASE WHEN NEW.deletion_requested_at IS NULL THEN 1 ELSE -1 END
    FROM group_members m WHERE m.user_id = NEW.id ORDER BY m.group_id
  ON CONFLICT (list, owner_id) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_visibility_count AFTER UPDATE OF deletion_requested_at ON users FOR EACH ROW
  WHEN ((OLD.deletion_requested_at IS NULL) <> (NEW.deletion_requested_at IS NULL))
  EXECUTE FUNCTION list_counts_user_visibility();
--> statement-breakpoint
INSERT INTO list_counts (list, owner_id, n)
  SELECT 'group.leads', group_id, count(*) FROM leads GROUP BY group_id;
--> statement-breakpoint
INSERT INTO list_counts (list, owner_id, n)
  SELECT 'group.members', m.group_id, count(*) FROM group_members m JOIN users u ON u.id = m.user_id
  WHERE u.deletion_requested_at IS NULL GROUP BY m.group_id;
--> statement-breakpoint
INSERT INTO list_counts (list, owner_id, n)
  SELECT 'user.groups', user_id, count(*) FROM group_members GROUP BY user_id;
--> statement-breakpoint
INSERT INTO list_counts (list, owner_id, n)
  SELECT 'room.messages', room_id, count(*) FROM chat_messages GROUP BY room_id;
