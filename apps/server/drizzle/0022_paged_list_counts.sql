-- Hand-written: the kept counts of the opportunity lists (list_counts_apply of 0009), and the copy of an
-- opportunity's created_at on its shares that pages "shared with me" newest first through an index.
CREATE FUNCTION opportunity_shares_copy_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.opportunity_created_at := (SELECT created_at FROM opportunities WHERE id = NEW.opportunity_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER opportunity_shares_created_at BEFORE INSERT ON opportunity_shares
  FOR EACH ROW EXECUTE FUNCTION opportunity_shares_copy_created_at();
--> statement-breakpoint
CREATE FUNCTION opportunities_follow_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE opportunity_shares SET opportunity_created_at = NEW.created_at WHERE opportunity_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER opportunities_created_at_to_shares AFTER UPDATE OF created_at ON opportunities
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION opportunities_follow_created_at();
--> statement-breakpoint
UPDATE opportunity_shares s SET opportunity_created_at = o.created_at FROM opportunities o WHERE o.id = s.opportunity_id;
--> statement-breakpoint
CREATE TRIGGER opportunity_contacts_count_insert AFTER INSERT ON opportunity_contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('opportunity.contacts', 'opportunity_id');
--> statement-breakpoint
CREATE TRIGGER opportunity_contacts_count_update AFTER UPDATE ON opportunity_contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('opportunity.contacts', 'opportunity_id');
--> statement-breakpoint
CREATE TRIGGER opportunity_contacts_count_delete AFTER DELETE ON opportunity_contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('opportunity.contacts', 'opportunity_id');
--> statement-breakpoint
-- user.opportunities: what a person owns plus what is shared with them (an owner is never a share).
CREATE TRIGGER opportunities_count_insert AFTER INSERT ON opportunities REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('user.opportunities', 'created_by');
--> statement-breakpoint
CREATE TRIGGER opportunities_count_update AFTER UPDATE ON opportunities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('user.opportunities', 'created_by');
--> statement-breakpoint
CREATE TRIGGER opportunities_count_delete AFTER DELETE ON opportunities REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('user.opportunities', 'created_by');
--> statement-breakpoint
CREATE TRIGGER opportunity_shares_count_insert AFTER INSERT ON opportunity_shares REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('user.opportunities', 'user_id');
--> statement-breakpoint
CREATE TRIGGER opportunity_shares_count_update AFTER UPDATE ON opportunity_shares REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('user.opportunities', 'user_id');
--> statement-breakpoint
CREATE TRIGGER opportunity_shares_count_delete AFTER DELETE ON opportunity_shares REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply('user.opportunities', 'user_id');
--> statement-breakpoint
INSERT INTO list_counts (list, owner_id, n)
  SELECT 'opportunity.contacts', opportunity_id, count(*) FROM opportunity_contacts GROUP BY opportunity_id;
--> statement-breakpoint
INSERT INTO list_counts (list, owner_id, n)
  SELECT 'user.opportunities', owner_id, sum(n) FROM (
    SELECT created_by AS owner_id, count(*) AS n FROM opportunities GROUP BY created_by
    UNION ALL
    SELECT user_id, count(*) FROM opportunity_shares GROUP BY user_id
  ) x GROUP BY owner_id;
