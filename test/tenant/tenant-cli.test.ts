import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../src/auth/index.js';
import { listTenants } from '../../src/tenant/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { runTenantCli } from './run-tenant-cli.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('npm run tenant', () => {
  let database: TestDatabase;
  let directory: string;

  beforeAll(async () => {
    database = await testDatabase();
    directory = await mkdtemp(path.join(os.tmpdir(), 'tenant-cli-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('when importing the demo file, then it exits 0, prints the new key once and stores only its hash, and revoke-key revokes it', async () => {
    const imported = await runTenantCli(['import', 'scripts/demo-tenant.json'], database.url);
    expect(imported.code).toBe(0);
    const key = /\b(wa_([0-9a-f]{8})_[\w-]+)/.exec(imported.stdout);
    expect(key).not.toBeNull();
    expect(imported.stdout.match(/wa_[0-9a-f]{8}_/g)).toHaveLength(1);
    const stored = await database.db.apiKey.findFirstOrThrow({ where: { keyHash: hashApiKey(key![1]!) } });
    expect(stored.revokedAt).toBeNull();

    // What `list` prints (its own process is left out to keep this file fast).
    const listed = (await listTenants(database.db)).find((tenant) => tenant.slug === 'salao-bela-vista');
    expect(listed).toMatchObject({ sandbox: true, activeServices: 5, activeProfessionals: 3, activeKeyPrefixes: [key![2]] });

    const revoked = await runTenantCli(['revoke-key', key![2]!], database.url);
    expect(revoked.code).toBe(0);
    expect((await database.db.apiKey.findUniqueOrThrow({ where: { id: stored.id } })).revokedAt).not.toBeNull();
  }, 60_000);

  it('when the file is invalid, then it exits 1 listing every problem; with no command it exits 2 with the usage', async () => {
    const bad = path.join(directory, 'bad.json');
    await writeFile(bad, JSON.stringify({ slug: 'Salão', name: 'x', timezone: 'Mars/Olympus' }));
    const tenantsBefore = await database.db.tenant.count();
    const [refused, usage] = await Promise.all([runTenantCli(['import', bad], database.url), runTenantCli([], database.url)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('nothing was imported');
    expect(refused.stderr).toContain('- slug: ');
    expect(refused.stderr).toContain('- timezone: ');
    expect(refused.stderr).toContain('- services: is required');
    expect(await database.db.tenant.count()).toBe(tenantsBefore);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run tenant');
  }, 60_000);

  it('when a file with a token is imported on the default secrets, then the operator is told what to set; re-imports mint no key unless --new-key, which can expire; reencrypt-tokens moves tokens to the newest key', async () => {
    const oldKey = `k1:${randomBytes(32).toString('base64')}`;
    const env = { NODE_ENV: 'test', WHATSAPP_APP_SECRET: '', WHATSAPP_VERIFY_TOKEN: '', CREDENTIALS_KEY: oldKey };
    const file = path.join(directory, 'live.json');
    const demo = JSON.parse(await readFile(path.join(root, 'scripts/demo-tenant.json'), 'utf8'));
    await writeFile(
      file,
      JSON.stringify({ ...demo, slug: 'salao-live', whatsapp: { phoneNumberId: '400000000000001', accessToken: 'EAAG-cli-token' } }),
    );

    const first = await runTenantCli(['import', file], database.url, env);
    expect(first.code).toBe(0);
    expect(first.stdout.match(/wa_[0-9a-f]{8}_/g)).toHaveLength(1);
    expect(first.stderr).toMatch(/WHATSAPP_APP_SECRET/);
    expect(first.stderr).toMatch(/WHATSAPP_VERIFY_TOKEN/);

    const again = await runTenantCli(['import', file], database.url, env);
    expect(again.code).toBe(0);
    expect(again.stdout).not.toMatch(/wa_[0-9a-f]{8}_/);
    expect(again.stdout).toMatch(/--new-key/);

    const minted = await runTenantCli(['import', file, '--new-key', '--expires-in-days', '7'], database.url, env);
    expect(minted.code).toBe(0);
    expect(minted.stdout.match(/wa_[0-9a-f]{8}_/g)).toHaveLength(1);
    const tenant = await database.db.tenant.findUniqueOrThrow({ where: { slug: 'salao-live' }, include: { apiKeys: true } });
    expect(tenant.apiKeys).toHaveLength(2);
    const expiry = tenant.apiKeys.find((key) => key.expiresAt !== null)!.expiresAt!.getTime();
    expect(Math.abs(expiry - (Date.now() + 7 * 86_400_000))).toBeLessThan(120_000);
    expect(tenant.accessToken).toMatch(/^enc:v1:k1:/);

    const rotated = await runTenantCli(['reencrypt-tokens'], database.url, {
      ...env,
      CREDENTIALS_KEY: `k2:${randomBytes(32).toString('base64')},${oldKey}`,
    });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect((await database.db.tenant.findUniqueOrThrow({ where: { slug: 'salao-live' } })).accessToken).toMatch(/^enc:v1:k2:/);
  }, 120_000);

  it('when an operator imports a file, then settings_changes records it like a console change, with the CLI as actor and what changed (never the token)', async () => {
    const demo = JSON.parse(await readFile(path.join(root, 'scripts/demo-tenant.json'), 'utf8'));
    const file = path.join(directory, 'recorded.json');
    const salon = { ...demo, slug: 'salao-registro', whatsapp: { phoneNumberId: '400000000000077' } };
    await writeFile(file, JSON.stringify(salon));
    const created = await runTenantCli(['import', file], database.url);
    expect(created.code, created.stderr).toBe(0);
    const tenant = await database.db.tenant.findUniqueOrThrow({ where: { slug: 'salao-registro' } });

    const repriced = {
      ...salon,
      services: salon.services.map((service: { key: string }) => (service.key === 'corte' ? { ...service, priceCents: 9000 } : service)),
    };
    await writeFile(file, JSON.stringify(repriced));
    const updated = await runTenantCli(['import', file], database.url);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toContain('Changed (1):\n  - service corte: changed (priceCents)\n');
    const unchanged = await runTenantCli(['import', file], database.url);
    expect(unchanged.stdout).toContain('Nothing changed');

    const rows = await database.db.settingsChange.findMany({ where: { tenantId: tenant.id }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.actorKind, row.actorId, row.change, row.targetKey])).toEqual([
      ['cli', null, 'file_imported', null],
      ['cli', null, 'file_imported', null],
      ['cli', null, 'file_imported', null],
    ]);
    expect(rows[0]!.details).toMatchObject({
      created: true,
      changes: expect.arrayContaining([{ change: 'added', entity: 'service', key: 'corte', name: 'Corte feminino', fields: [] }]),
    });
    expect(rows[1]!.details).toEqual({
      created: false,
      accessToken: 'kept',
      changes: [{ change: 'changed', entity: 'service', key: 'corte', name: 'Corte feminino', fields: ['priceCents'] }],
    });
    expect(rows[2]!.details).toEqual({ created: false, accessToken: 'kept', changes: [] });
  }, 120_000);
});
