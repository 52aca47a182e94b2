import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { createKeyring, keyringFromConfig, sealStoredTokens } from '../../src/credentials/index.js';
import { createGraphApiClient } from '../../src/graph/index.js';
import { sendOutboundMessage } from '../../src/outbox/index.js';
import { createLogger } from '../../src/shared/index.js';
import { importTenant, type TenantFile } from '../../src/tenant/index.js';
import { FAKE_GRAPH_URL, GraphApiFake } from '../fakes/graph-api.js';
import { createOutboundMessage, createTestConversation, createTestTenant } from '../support/factories.js';
import { createTestDatabase, type TestDatabase, testDatabase } from '../support/test-database.js';

const key = () => randomBytes(32).toString('base64');

/** Every row of every table of the application and queue schemas, as text: what a dump would hold. */
async function dumpDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_schema IN ('public', 'graphile_worker') AND table_type = 'BASE TABLE'`,
    );
    const parts: string[] = [];
    for (const table of tables.rows) {
      const rows = await client.query<{ row: string }>(`SELECT t::text AS row FROM "${table.schema}"."${table.name}" t`);
      parts.push(...rows.rows.map((row) => row.row));
    }
    expect(parts.length).toBeGreaterThan(10);
    return parts.join('\n');
  } finally {
    await client.end();
  }
}

function captureLogs(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

function tenantFile(slug: string, phoneNumberId: string, accessToken: string): TenantFile {
  return {
    slug,
    name: 'Barbearia',
    timezone: 'America/Sao_Paulo',
    whatsapp: { phoneNumberId, accessToken },
    assistant: { businessInfo: 'Rua Y, 5.' },
    booking: { minNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 15 },
    services: [{ key: 'corte', name: 'Corte', durationMinutes: 30 }],
    professionals: [{ key: 'ze', name: 'Zé', services: ['corte'], hours: { mon: [['09:00', '18:00']] } }],
  };
}

describe('WhatsApp access tokens at rest and in logs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when tokens are imported, found plain from before encryption, used to send and logged, then no log line and no row of the database holds them', async () => {
    const imported = `EAAG-MARKER-IMPORTED-${randomBytes(6).toString('hex')}`;
    const legacy = `EAAG-MARKER-LEGACY-${randomBytes(6).toString('hex')}`;
    const config = loadConfig({
      NODE_ENV: 'production',
      WHATSAPP_APP_SECRET: 'x',
      WHATSAPP_VERIFY_TOKEN: 'y',
      CREDENTIALS_KEY: `k1:${key()}`,
    });
    const keyring = keyringFromConfig(config);
    const logs = captureLogs();
    const logger = createLogger('trace', undefined, logs.stream);

    const outcome = await importTenant(database.db, tenantFile('barbearia-marker', '300000000000001', imported), { keyring });
    if (outcome.kind !== 'imported') throw new Error(outcome.problems.join('\n'));
    // A row written before encryption existed: the start seals it, losing nothing.
    const old = await createTestTenant(database.db, { accessToken: legacy });
    expect(await sealStoredTokens(database.db, keyring, { rotate: false })).toMatchObject({ sealed: 1 });

    const graph = new GraphApiFake().install();
    const client = createGraphApiClient({ baseUrl: FAKE_GRAPH_URL, version: 'v23.0', maxRetries: 0, logger, credentials: keyring });
    for (const [tenantId, token] of [
      [outcome.tenantId, imported],
      [old.id, legacy],
    ] as const) {
      const { conversation } = await createTestConversation(database.db, tenantId);
      const row = await createOutboundMessage(database.db, { tenantId, conversationId: conversation.id, text: 'Oi!' });
      expect(await sendOutboundMessage({ db: database.db, graph: client, logger }, row.id, { attempt: 1, maxAttempts: 5 })).toBe('sent');
      expect(graph.sends().at(-1)?.authorization).toBe(`Bearer ${token}`);
    }
    // Whatever shape a careless log call gives it, the token is censored.
    logger.info({ accessToken: imported }, 'top level');
    logger.info({ tenant: { whatsapp: { accessToken: imported, token: legacy } } }, 'nested');
    logger.error(
      { config: { CREDENTIALS_KEY: config.CREDENTIALS_KEY }, request: { headers: { authorization: `Bearer ${legacy}` } } },
      'deeper',
    );

    expect(logs.text()).toContain('[redacted]');
    expect(logs.text()).not.toContain('MARKER');
    expect(logs.text()).not.toContain(config.CREDENTIALS_KEY!.slice(3));
    const dump = await dumpDatabase(database.url);
    expect(dump).toContain('enc:v1:k1:');
    expect(dump).not.toContain('MARKER');
  });

  it('when a new key is put in front, then reencrypt moves every token to it, the old key can go, and a value of an unlisted key stops the start naming CREDENTIALS_KEY', async () => {
    // A database of its own: the other test's tokens are sealed with a key this one does not know.
    const database = await createTestDatabase();
    const token = `EAAG-ROTATE-${randomBytes(4).toString('hex')}`;
    const oldKey = `old:${key()}`;
    const newKey = `new:${key()}`;
    const before = keyringFromConfig(loadConfig({ CREDENTIALS_KEY: oldKey }));
    const outcome = await importTenant(database.db, tenantFile('barbearia-rotate', '300000000000002', token), { keyring: before });
    if (outcome.kind !== 'imported') throw new Error('refused');
    const both = keyringFromConfig(loadConfig({ CREDENTIALS_KEY: `${newKey},${oldKey}` }));
    const rotated = await sealStoredTokens(database.db, both, { rotate: true });
    expect(rotated.resealed).toBeGreaterThanOrEqual(1);
    const stored = await database.db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId } });
    expect(stored.accessToken).toMatch(/^enc:v1:new:/);
    const onlyNew = keyringFromConfig(loadConfig({ CREDENTIALS_KEY: newKey }));
    expect(onlyNew.open(stored.accessToken!)).toBe(token);

    const unrelated = createKeyring([{ id: 'other', key: randomBytes(32) }], { allowDevKey: false });
    const refused = await sealStoredTokens(database.db, unrelated, { rotate: false }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems[0]).toMatch(/^CREDENTIALS_KEY: /);
    const none = await sealStoredTokens(database.db, keyringFromConfig(loadConfig({})), { rotate: false }).catch((error: unknown) => error);
    expect((none as ConfigError).problems).toEqual([expect.stringMatching(/^CREDENTIALS_KEY: required/)]);
  });

  it('when CREDENTIALS_KEY is malformed, then the config names it without echoing the key; dev/test get a derived key, production none', () => {
    expect(() => loadConfig({ CREDENTIALS_KEY: 'k1:c2hvcnQ=' })).toThrow(/CREDENTIALS_KEY: entry 1 \(k1\): the key must be 32 bytes/);
    expect(() => loadConfig({ CREDENTIALS_KEY: 'no-colon' })).toThrow(/CREDENTIALS_KEY: entry 1: expected id:base64key/);
    expect(keyringFromConfig(loadConfig({ NODE_ENV: 'test' })).currentKeyId).toBe('dev');
    expect(keyringFromConfig(loadConfig({})).currentKeyId).toBeNull();
    expect(
      keyringFromConfig(loadConfig({ NODE_ENV: 'production', WHATSAPP_APP_SECRET: 'a', WHATSAPP_VERIFY_TOKEN: 'b' })).currentKeyId,
    ).toBeNull();
  });
});
