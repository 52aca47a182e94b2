import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatEvalReport, loadScenarios, runEval } from '../../eval/harness/run-eval.js';
import type { Scenario } from '../../eval/harness/scenario-schema.js';
import { loadConfig } from '../../src/config/index.js';
import { RUN_EXITS } from '../../src/conversation/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const scenariosDir = new URL('../../eval/scenarios/', import.meta.url);
const options = {
  config: loadConfig({ NODE_ENV: 'test', ANTHROPIC_MAX_RETRIES: '0' }),
  logger: silentLogger,
  tenantsDir: new URL('../../eval/tenants/', import.meta.url),
  recordingsDir: new URL('../../eval/recordings/', import.meta.url),
};
const scenarios = loadScenarios(scenariosDir);
const byName = (name: string) => structuredClone(scenarios.find((scenario) => scenario.name === name) as Scenario);

/** The gave-up scenario with the model no longer declaring "not possible": it would end success. */
function impossibleRequestAnsweredAsSuccess(): Scenario {
  const scenario = byName('gave-up-service-not-offered');
  const last = scenario.script.at(-1) as { tools: { name: string; input: Record<string, unknown> }[] };
  (last.tools[0] as { input: Record<string, unknown> }).input.afirma = 'nada';
  return scenario;
}

describe('npm run eval (replay / scripted mode, no key)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('runs every scenario as expected, covers every exit, and finds no false success', async () => {
    const report = await runEval(database.db, scenarios, options);
    console.log(formatEvalReport(report));
    expect(report.mismatches.map((result) => result.name)).toEqual([]);
    expect(report.falseSuccesses).toEqual([]);
    for (const exit of RUN_EXITS) expect(report.exits[exit], `no scenario ends ${exit}`).toBeGreaterThan(0);
    expect(report.verifiedSuccessRate).toBe(1);
  }, 120_000);

  it('when a scenario is changed to produce a false success, then the report names it', async () => {
    const wrongTime = byName('success-book-corte-with-ana');
    (wrongTime.script[2] as { tools: { input: Record<string, unknown> }[] }).tools[0]!.input.inicio = '2026-12-02T16:00';
    const report = await runEval(database.db, [impossibleRequestAnsweredAsSuccess(), wrongTime], options);
    expect(report.falseSuccesses.map((result) => [result.name, result.exit])).toEqual([
      ['gave-up-service-not-offered', 'success'],
      ['success-book-corte-with-ana', 'success'],
    ]);
    expect(report.verifiedSuccessRate).toBe(0);
    expect(formatEvalReport(report)).toContain('FALSE SUCCESS gave-up-service-not-offered: expected gave_up, ended success');
  }, 60_000);

  it('when the CLI meets a false success, then it prints it and exits non-zero', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wa-eval-'));
    try {
      await writeFile(path.join(dir, 'altered.json'), JSON.stringify(impossibleRequestAnsweredAsSuccess()));
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'eval/run.ts', '--scenarios', dir], {
        cwd: new URL('../../', import.meta.url),
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test' },
      });
      const failure = await run.then(
        () => null,
        (error: { code?: number; stdout?: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toContain('FALSE SUCCESS gave-up-service-not-offered');
      expect(failure?.stdout).toContain('exits: success 1');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
