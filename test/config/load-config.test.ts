import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

const root = path.resolve(import.meta.dirname, '../..');

function configProblems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('when PORT is not a number, then it throws a ConfigError naming PORT', () => {
    expect(configProblems({ PORT: 'abc' })).toEqual([expect.stringMatching(/^PORT: /)]);
  });

  it('when several variables are bad, then every one is named at once', () => {
    const problems = configProblems({ PORT: '70000', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://localhost/x', NODE_ENV: 'production' });
    const names = problems.map((problem) => problem.split(':')[0]);
    expect(names.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN']);
  });

  it('when TRUST_PROXY is unset it trusts no proxy; a count is taken; anything else is refused by name', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(configProblems({ TRUST_PROXY: 'true' })).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
  });

  it('when a direct URL is given for a pooled DATABASE_URL, then it is kept; without DATABASE_URL it is refused by name', () => {
    const direct = 'postgresql://app@10.0.0.5:5432/wa_agenda';
    expect(loadConfig({ DATABASE_URL: 'postgresql://app@10.0.0.9:6432/wa_agenda', DATABASE_DIRECT_URL: direct }).DATABASE_DIRECT_URL).toBe(
      direct,
    );
    expect(loadConfig({}).DATABASE_DIRECT_URL).toBeUndefined();
    expect(configProblems({ DATABASE_DIRECT_URL: direct })).toEqual([
      'DATABASE_DIRECT_URL: needs DATABASE_URL (the pooled URL it bypasses)',
    ]);
    expect(configProblems({ DATABASE_URL: 'postgresql://app@h/db', DATABASE_DIRECT_URL: 'http://h/db' })).toEqual([
      expect.stringMatching(/^DATABASE_DIRECT_URL: /),
    ]);
  });

  it('when a read replica URL is given with DATABASE_URL, then it is kept; without DATABASE_URL it is refused by name', () => {
    const replica = 'postgresql://app@10.0.0.6:5432/wa_agenda';
    expect(
      loadConfig({ DATABASE_URL: 'postgresql://app@10.0.0.5:5432/wa_agenda', DATABASE_REPLICA_URL: replica }).DATABASE_REPLICA_URL,
    ).toBe(replica);
    expect(loadConfig({}).DATABASE_REPLICA_URL).toBeUndefined();
    expect(configProblems({ DATABASE_REPLICA_URL: replica })).toEqual([
      'DATABASE_REPLICA_URL: needs DATABASE_URL (the primary it replicates)',
    ]);
    expect(configProblems({ DATABASE_URL: 'postgresql://app@h/db', DATABASE_REPLICA_URL: 'mysql://h/db' })).toEqual([
      expect.stringMatching(/^DATABASE_REPLICA_URL: /),
    ]);
  });

  it('when nothing is set, then the defaults of the contract apply and the result is frozen', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, LOG_LEVEL: 'info', DATA_DIR: '.data', WHATSAPP_GRAPH_URL: 'https://graph.facebook.com' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('when the service process starts with PORT=abc, then it exits non-zero and stderr names PORT', () => {
    // The command `npm start` runs (it builds dist/ first if the sources changed).
    const result = spawnSync(process.execPath, ['scripts/run-dist.mjs', 'main.js'], {
      cwd: root,
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '', DATA_DIR: path.join(root, '.data-never-used') },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.status).not.toBeNull();
    expect(result.stderr).toMatch(/PORT: must be a number/);
  }, 120_000);
});
