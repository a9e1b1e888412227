// drizzle-kit: `npm run db:generate -- --name <change>` writes SQL migrations from server/db/schema.
// The generated folder is the source of truth at start-up (server/db/client.ts applies it).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
