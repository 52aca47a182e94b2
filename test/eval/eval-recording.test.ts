import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadScenarios, runEval } from '../../eval/harness/run-eval.js';
import type { Recording } from '../../eval/harness/scenario-model.js';
import { loadConfig } from '../../src/config/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { inProcessFetch, ScriptedClaude, text, toolCalls } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const scenario = loadScenarios(new URL('../../eval/scenarios/', import.meta.url)).find(
  (candidate) => candidate.name === 'need-help-customer-asks-for-a-person',
);

describe('npm run eval -- --record, then replay', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when a live run is recorded, then its exchange is saved and a run without a key replays it instead of the script', async () => {
    if (!scenario) throw new Error('scenario missing');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wa-eval-rec-'));
    try {
      // "Claude" here is the project's scripted fake behind a real SDK client: what a live run sees.
      const claude = new ScriptedClaude().enqueue(
        toolCalls([{ name: 'transferir_para_humano', input: { motivo: 'pediu uma pessoa' } }]),
        text('Certo! Uma atendente já vai falar com você.'),
      );
      const live = new Anthropic({ apiKey: 'sk-ant-live', maxRetries: 0, fetch: inProcessFetch(claude) });
      const options = {
        config: loadConfig({ NODE_ENV: 'test', ANTHROPIC_MAX_RETRIES: '0' }),
        logger: silentLogger,
        tenantsDir: new URL('../../eval/tenants/', import.meta.url),
        recordingsDir: pathToFileURL(`${dir}/`),
      };

      const recorded = await runEval(database.db, [scenario], { ...options, live, record: true });
      expect(recorded.results[0]).toMatchObject({ source: 'live', exit: 'need_help', ok: true });
      const file = JSON.parse(await readFile(path.join(dir, `${scenario.name}.json`), 'utf8')) as Recording;
      expect(file.replies).toHaveLength(2);
      expect(claude.requests).toHaveLength(2);

      const replayed = await runEval(database.db, [scenario], options);
      expect(replayed.results[0]).toMatchObject({ source: 'replay', exit: 'need_help', ok: true, unusedSteps: 0 });
      expect(replayed.results[0]?.replies).toEqual(['Certo! Uma atendente já vai falar com você.']);
      expect(claude.requests).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
