import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type Anthropic from '@anthropic-ai/sdk';
import type { Config } from '../../src/config/index.js';
import { RUN_EXITS, type RunExit } from '../../src/conversation/index.js';
import type { Db } from '../../src/db/index.js';
import type { Logger } from '../../src/shared/index.js';
import { runScenario, type ScenarioResult } from './run-scenario.js';
import type { Recording } from './scenario-model.js';
import { type Scenario, scenarioSchema } from './scenario-schema.js';

export interface EvalReport {
  results: ScenarioResult[];
  /** how many runs ended with each exit */
  exits: Record<RunExit | 'none', number>;
  /** successes whose exit was expected and whose database effect matched / all successes */
  verifiedSuccessRate: number;
  falseSuccesses: ScenarioResult[];
  /** scenarios that did not go as expected but are not false successes */
  mismatches: ScenarioResult[];
}

/** Every scenario file of a directory, validated (a bad file stops the eval with its problems). */
export function loadScenarios(dir: URL): Scenario[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const parsed = scenarioSchema.safeParse(JSON.parse(readFileSync(new URL(name, dir), 'utf8')));
      if (!parsed.success)
        throw new Error(`${name}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
      return parsed.data;
    });
}

/**
 * Runs scenarios one after another and sums them up. `live` (a real Claude client) plays
 * them against the model, recording each exchange under `recordingsDir` when `record` is
 * set; without it, a scenario with a recording replays it and the others run their script.
 */
export async function runEval(
  db: Db,
  scenarios: Scenario[],
  options: { config: Config; logger: Logger; tenantsDir: URL; recordingsDir?: URL; live?: Anthropic; record?: boolean },
): Promise<EvalReport> {
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const recordingFile = options.recordingsDir ? new URL(`${scenario.name}.json`, options.recordingsDir) : undefined;
    const recording =
      !options.live && recordingFile && existsSync(recordingFile)
        ? (JSON.parse(readFileSync(recordingFile, 'utf8')) as Recording)
        : undefined;
    const result = await runScenario(db, scenario, { ...options, recording });
    if (options.live && options.record && recordingFile) {
      const saved: Recording = {
        scenario: scenario.name,
        model: options.config.ANTHROPIC_MODEL,
        recordedAt: new Date().toISOString(),
        replies: result.recorded,
      };
      writeFileSync(recordingFile, `${JSON.stringify(saved, null, 1)}\n`);
    }
    results.push(result);
  }
  const exits = Object.fromEntries([...RUN_EXITS, 'none'].map((exit) => [exit, 0])) as EvalReport['exits'];
  for (const result of results) exits[result.exit ?? 'none']++;
  const successes = results.filter((result) => result.exit === 'success');
  const verified = successes.filter((result) => !result.falseSuccess);
  return {
    results,
    exits,
    verifiedSuccessRate: successes.length === 0 ? 1 : verified.length / successes.length,
    falseSuccesses: results.filter((result) => result.falseSuccess),
    mismatches: results.filter((result) => !result.ok && !result.falseSuccess),
  };
}

/** The report as the eval prints it. */
export function formatEvalReport(report: EvalReport): string {
  const lines = ['scenario                                   source    expected    exit        effect  verdict'];
  for (const result of report.results) {
    const verdict = result.falseSuccess ? 'FALSE SUCCESS' : result.ok ? 'ok' : 'MISMATCH';
    lines.push(
      `${result.name.padEnd(42)} ${result.source.padEnd(9)} ${result.expectedExit.padEnd(11)} ${(result.exit ?? 'none').padEnd(11)} ${(result.effectMatches ? 'ok' : 'differs').padEnd(7)} ${verdict}`,
    );
  }
  lines.push(
    '',
    'exits: ' +
      Object.entries(report.exits)
        .filter(([, count]) => count > 0)
        .map(([exit, count]) => `${exit} ${count}`)
        .join(', '),
  );
  lines.push(`verified-success rate: ${(report.verifiedSuccessRate * 100).toFixed(1)} %`);
  for (const result of report.falseSuccesses) {
    lines.push(
      `FALSE SUCCESS ${result.name}: expected ${result.expectedExit}, ended success; appointments ${JSON.stringify(result.appointments)}; replies ${JSON.stringify(result.replies)}`,
    );
  }
  for (const result of report.mismatches) {
    const problems = [
      result.exit !== result.expectedExit ? `exit ${result.exit ?? 'none'} (expected ${result.expectedExit})` : '',
      result.effectMatches ? '' : `appointments ${JSON.stringify(result.appointments)}`,
      ...result.replyProblems,
      result.unusedSteps ? `${result.unusedSteps} script step(s) unused` : '',
    ].filter(Boolean);
    lines.push(`MISMATCH ${result.name}: ${problems.join('; ')}`);
  }
  lines.push(report.falseSuccesses.length === 0 ? 'no false success' : `${report.falseSuccesses.length} false success(es)`);
  return lines.join('\n');
}
