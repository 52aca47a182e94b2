/**
 * Where one message's CPU goes, by stage: a closed-loop soak (the same path as `npm run soak`:
 * signed webhooks, debounce, one job, the agent loop against the fake model with tool calls,
 * the outbox send to the fake Graph API and its status webhook) with the web and worker
 * processes under `node --cpu-prof`, then every profile's samples attributed to the stage of
 * their deepest project frame (bench/soak/cpu-profile-stages.ts) and divided by the inbound
 * messages. No faults (no kills: a killed process writes no profile), 1 web + 1 worker process.
 * Prints a table and writes it to bench/reports/message-cpu-profile.txt. Checks no target.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CpuProfile, cpuByStage, STAGES, type Stage } from './soak/cpu-profile-stages.js';
import { runSoak } from './soak/run-soak.js';
import type { BenchTarget } from './support/targets.js';

const REPORT = path.join(import.meta.dirname, 'reports', 'message-cpu-profile.txt');

export default async function run(): Promise<BenchTarget[]> {
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'wa-cpu-profile-'));
  try {
    const result = await runSoak({
      customers: 60,
      messagesPerCustomer: 3,
      tenants: 2,
      webProcesses: 1,
      workerProcesses: 1,
      workerKills: 0,
      workerConcurrency: 16,
      debounceMs: 1000,
      modelLatencyMs: [300, 1500],
      modelErrorRate: 0,
      graphLatencyMs: [20, 100],
      graphErrorRate: 0,
      duplicateRate: 0,
      arrivalWindowMs: 30_000,
      replyTimeoutMs: 45_000,
      thinkMs: [300, 2000],
      burstGapMs: [100, 400],
      delayedDuplicateMs: [500, 5000],
      drainTimeoutMs: 60_000,
      seed: 20261202,
      cpuProfileDir: profileDir,
      log: (line) => process.stderr.write(`[soak] ${line}\n`),
    });
    if (result.failures.length > 0) throw new Error(`the profiled soak failed: ${result.failures.join('; ')}`);
    const messages = result.checks.inboundSent;
    const byRole: Record<'web' | 'worker', Record<Stage, number>> = { web: emptyTotals(), worker: emptyTotals() };
    for (const role of ['web', 'worker'] as const) {
      const dir = path.join(profileDir, role);
      for (const file of (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'))) {
        const totals = cpuByStage(JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CpuProfile);
        for (const stage of STAGES) byRole[role][stage] += totals[stage];
      }
    }
    const perMessage = (ms: number) => ms / Math.max(1, messages);
    // The share of each stage in what the processes spent apart from starting up (module loading):
    // the profiler itself slows the code down, so shares compare better than milliseconds.
    const working = sum(byRole.web) + sum(byRole.worker) - byRole.web['start-up'] - byRole.worker['start-up'];
    const share = (stage: Stage) =>
      stage === 'start-up' ? '' : `${(((byRole.web[stage] + byRole.worker[stage]) / Math.max(0.001, working)) * 100).toFixed(1)} %`;
    const row = (name: string, web: number, worker: number, shareText: string) =>
      `${name.padEnd(20)}${perMessage(web).toFixed(2).padStart(8)}${perMessage(worker).toFixed(2).padStart(8)}${perMessage(web + worker)
        .toFixed(2)
        .padStart(8)}${shareText.padStart(9)}`;
    const lines = [
      `CPU per inbound message by stage (ms), ${messages} inbound messages, ${result.checks.conversations} conversations,`,
      `1 web + 1 worker process under --cpu-prof (closed loop; start-up and shutdown included in their own rows):`,
      '',
      `${'stage'.padEnd(20)}${'web'.padStart(8)}${'worker'.padStart(8)}${'both'.padStart(8)}${'share'.padStart(9)}`,
      ...STAGES.map((stage) => row(stage, byRole.web[stage], byRole.worker[stage], share(stage))),
      row('all', sum(byRole.web), sum(byRole.worker), ''),
      '',
      'share: of the CPU apart from start-up. "database client" is Prisma (its query compiler and result mapping) and',
      'node-postgres, whoever asked. The profiles cover each process from start to stop (migrations, the drain), and the',
      'profiler slows the code: compare shares, not milliseconds, with an unprofiled run.',
      `the same run measured from outside, profiler on (process CPU from the first message to a quiet queue, per message): web ${perMessage(result.figures.loadCpu.web * 1000).toFixed(1)} ms, worker ${perMessage(result.figures.loadCpu.worker * 1000).toFixed(1)} ms, PostgreSQL ${perMessage(result.figures.loadCpu.postgres * 1000).toFixed(1)} ms`,
    ];
    const report = lines.join('\n');
    console.log(report);
    await writeFile(REPORT, `${report}\n`);
    console.log(`\nreport: ${path.relative(process.cwd(), REPORT)}`);
    return [];
  } finally {
    await rm(profileDir, { recursive: true, force: true });
  }
}

const emptyTotals = () => Object.fromEntries(STAGES.map((stage) => [stage, 0])) as Record<Stage, number>;
const sum = (totals: Record<Stage, number>) => Object.values(totals).reduce((total, value) => total + value, 0);
