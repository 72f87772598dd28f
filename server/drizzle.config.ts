import { defineConfig } from 'drizzle-kit';

// Paths are relative to the repo root: `npm run db:generate` runs there.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/drizzle',
});
