import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../src/db/index.js';
import { createRandom } from '../../test/fakes/random.js';
import type { CapacitySample } from './capacity-sample.js';
import { checkSoak, type SoakChecks } from './checks.js';
import { collectSoakFigures } from './collect-soak-figures.js';
import { cpuSecondsOfTree } from './cpu-time.js';
import { driveSoakLoad } from './drive-soak-load.js';
import { startJanitor } from './janitor.js';
import { seedSoakTenants } from './seed-tenants.js';
import { tallyServiceWarnings } from './service-warnings.js';
import { replicaFailures, soakFailures } from './soak-failures.js';
import type { SoakFigures } from './soak-figures.js';
import type { SoakOptions } from './soak-options.js';
import { startSoakDatabase } from './start-soak-database.js';
import { startSoakService } from './start-soak-service.js';
import type { StatementCost } from './statement-costs.js';

export type { SoakOptions } from './soak-options.js';

export interface SoakResult {
  figures: SoakFigures;
  checks: SoakChecks;
  failures: string[];
  logDir: string;
  /** the capacity sampler's seconds, from the first message until the queue was quiet */
  samples: CapacitySample[];
  /** with `statementCosts`: what each statement cost from the first message until the queue was quiet */
  statements?: StatementCost[];
}

const TIME_ZONE = 'America/Sao_Paulo';

/**
 * One whole soak: build, fresh database, tenants, fakes, the service as separate web and
 * worker processes, customers driven through signed webhooks with faults (duplicates, bursts,
 * races, model and Graph errors, workers killed with SIGKILL and restarted), drain, checks.
 * Cleans up everything it started, also when it fails.
 */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const started = Date.now();
  const cpuAtStart = process.cpuUsage();
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: path.resolve(import.meta.dirname, '../..'), stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed; the soak runs the built service (dist/)');
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'wa-agenda-soak-logs-'));
  const random = createRandom(options.seed);
  // Last to go: it cleans up only if this process dies before the cleanups below have run.
  const janitor = startJanitor();
  const cleanups: (() => Promise<unknown>)[] = [async () => janitor.close()];
  try {
    const databaseSide = await startSoakDatabase(options, { logDir, janitor, cleanups });
    const { database } = databaseSide;
    const db = createDb(database.url, { maxConnections: 2 });
    const tenants = await seedSoakTenants(db, options.tenants).finally(() => db.$disconnect());

    const serviceSide = await startSoakService(options, databaseSide, tenants, { random, timeZone: TIME_ZONE, logDir, janitor, cleanups });
    const { anthropic, graph, cluster } = serviceSide;

    const load = await driveSoakLoad(options, databaseSide, serviceSide, tenants, { random, timeZone: TIME_ZONE, cleanups });
    const { plans, driver, deposits, tapper, waitlistTaps, samples, statements } = load;
    // Let the last status webhooks land before the web processes go.
    await graph.close();
    await cluster.stopAll();
    const serviceWarnings = await tallyServiceWarnings(
      logDir,
      cluster.all.map((service) => service.name),
    );
    const postgresCpu = cpuSecondsOfTree(database.serverPid());
    const soakCpu = process.cpuUsage(cpuAtStart);

    const checks = await checkSoak({
      databaseUrl: database.url,
      plans,
      driver,
      deliveries: graph.deliveries,
      modelCalls: anthropic.calls,
      debounceMs: options.debounceMs,
      deposits,
      waitlist: { offersDelivered: tapper.offersSeen(), taps: waitlistTaps },
    });
    const figures = collectSoakFigures({
      options,
      started,
      database: databaseSide,
      service: serviceSide,
      load,
      serviceWarnings,
      postgresCpu,
      soakCpu,
    });
    await writeFile(
      path.join(logDir, 'soak-log.json'),
      JSON.stringify({ plans, sent: driver.sent, turns: driver.turns, deliveries: graph.deliveries, modelCalls: anthropic.calls }),
    );
    await writeFile(path.join(logDir, 'soak-samples.json'), JSON.stringify({ figures, samples }));
    const failures = [...soakFailures(checks), ...replicaFailures(figures.replica)];
    // Logs are for looking into a failure; a passing run leaves nothing behind.
    if (failures.length === 0 && !options.keepDatabase) await rm(logDir, { recursive: true, force: true });
    return { figures, checks, failures, logDir, samples, ...(statements ? { statements } : {}) };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => options.log(`cleanup failed: ${String(error)}`));
  }
}
