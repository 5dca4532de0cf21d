import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; no database needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
