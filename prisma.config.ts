import { defineConfig } from 'prisma/config';

// The CLI reads the URL from here (Prisma 7). The application itself never uses this file:
// it builds its own URL (embedded PostgreSQL when DATABASE_URL is unset).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/wa_agenda' },
});
