import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey, listTenants } from '../../src/tenant/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run tenant -- …`'s entry point (from source) against this file's database. */
function runTenantCli(args: string[], databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/tenant.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

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
    expect(listed).toMatchObject({ sandbox: true, activeServices: 4, activeProfessionals: 3, activeKeyPrefixes: [key![2]] });

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
});
