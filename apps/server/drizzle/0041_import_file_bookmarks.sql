-- Bookmarks into an import's file (the header's end and every 1,000th data row's), so its rows are read
-- back from the nearest one: a preview no longer stores each new row's lead.
ALTER TABLE "lead_imports" ADD COLUMN "bookmarks" jsonb DEFAULT '[]'::jsonb NOT NULL;
