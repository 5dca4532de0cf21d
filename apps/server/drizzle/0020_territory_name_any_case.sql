-- Territory names become unique per business whatever their case. Names that already differ only in
-- case keep their rows and assignees: the oldest keeps its name, each later one gets its id appended
-- ("west (12)"), which an admin can rename.
UPDATE "territories" t SET "name" = t."name" || ' (' || t."id" || ')'
  WHERE EXISTS (
    SELECT 1 FROM "territories" o
     WHERE o."business_id" = t."business_id" AND lower(o."name") = lower(t."name") AND o."id" < t."id"
  );--> statement-breakpoint
DROP INDEX "territories_business_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "territories_business_name_unique" ON "territories" USING btree ("business_id",lower("name"));
