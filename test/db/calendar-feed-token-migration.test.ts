import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations } from '../../src/db/index.js';
import { hashFeedToken } from '../../src/scheduling/calendar-feed/index.js';
import { silentLogger } from '../../src/shared/index.js';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../prisma/migrations');
const HASHING = '20261201202341_hash_calendar_feed_tokens';

describe('the migration that hashes calendar feed tokens', () => {
  const serverUrl = inject('testServerUrl');
  const name = `wa_feed_migration_${Date.now()}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let before: string | undefined;

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it('when a database with plain feed tokens is migrated, then only their hashes remain: the hash the feed route now looks up', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    // The migrations before this one, then a feed as the old code stored it.
    before = await mkdtemp(path.join(tmpdir(), 'wa-migrations-'));
    for (const entry of await readdir(MIGRATIONS, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name < HASHING)
        await cp(path.join(MIGRATIONS, entry.name), path.join(before, entry.name), { recursive: true });
    }
    await applyMigrations(url.toString(), silentLogger, before);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const token = 'Zm9vYmFyLXRva2VuLW9mLWZvcnR5LXRocmVlLWNoYXJz'.slice(0, 43);
      const tenant = await client.query<{ id: number }>(
        `INSERT INTO tenants (slug, name, timezone, phone_number_id) VALUES ('feed', 'Feed', 'America/Sao_Paulo', '5550001') RETURNING id`,
      );
      const tenantId = tenant.rows[0]!.id;
      const professional = await client.query<{ id: number }>(
        `INSERT INTO professionals (tenant_id, key, name) VALUES ($1, 'ana', 'Ana') RETURNING id`,
        [tenantId],
      );
      await client.query('INSERT INTO calendar_feeds (tenant_id, professional_id, token) VALUES ($1, $2, $3)', [
        tenantId,
        professional.rows[0]!.id,
        token,
      ]);

      await applyMigrations(url.toString(), silentLogger);

      const rows = await client.query('SELECT * FROM calendar_feeds');
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0].token_hash).toBe(hashFeedToken(token));
      expect(Object.keys(rows.rows[0])).not.toContain('token');
      expect(JSON.stringify(rows.rows)).not.toContain(token);
    } finally {
      await client.end();
    }
  });
});
