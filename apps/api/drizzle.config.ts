import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; PGlite and PostgreSQL run the same files.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema.ts',
  out: './apps/api/drizzle',
  casing: 'snake_case',
});
