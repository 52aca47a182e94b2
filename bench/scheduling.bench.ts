import { schedulingToolDepsOf } from '../src/boot/index.js';
import { createDb } from '../src/db/index.js';
import { createSchedulingTools } from '../src/scheduling/tools/index.js';
import { createLogger, fixedClock } from '../src/shared/index.js';
import { createBenchDatabase } from './support/bench-database.js';
import { percentile, round } from './support/samples.js';
import {
  BENCH_DAYS_OF_APPOINTMENTS as DAYS_OF_APPOINTMENTS,
  BENCH_HOURS as HOURS,
  BENCH_PROFESSIONALS as PROFESSIONALS,
  seedBenchSalon,
} from './support/seed-bench-salon.js';
import { type BenchTarget, createTargets } from './support/targets.js';

const ITERATIONS = 600;
const WARMUP = 60;
const NOW = '2026-12-01T12:00:00Z';

export default async function run(): Promise<BenchTarget[]> {
  const targets = createTargets();
  const logger = createLogger('warn');
  const database = await createBenchDatabase({ prefix: 'wa_bench_scheduling', serverUrl: process.env.DATABASE_URL, logger });
  const db = createDb(database.url, { maxConnections: 4 });
  try {
    const seeded = await seedBenchSalon(db, { slug: 'bench-salon', name: 'Bench Salon', phoneNumberId: '1999' });
    const tool = createSchedulingTools(schedulingToolDepsOf({ db, clock: fixedClock(NOW), logger })).find(
      (candidate) => candidate.name === 'buscar_horarios',
    );
    if (!tool) throw new Error('buscar_horarios not found');

    const floor: number[] = [];
    const measured: number[] = [];
    let random = 42;
    const next = () => {
      random = (random * 1_103_515_245 + 12_345) % 2_147_483_648;
      return random / 2_147_483_648;
    };
    for (let iteration = 0; iteration < WARMUP + ITERATIONS; iteration++) {
      const professionalId = seeded.professionalIds[Math.floor(next() * seeded.professionalIds.length)]!;
      const date = seeded.dates[Math.floor(next() * seeded.dates.length)]!;
      // Day bounds in São Paulo (UTC-3 all year): the floor reads exactly the day's rows.
      const dayStart = new Date(`${date}T03:00:00Z`);
      const dayEnd = new Date(dayStart.getTime() + 86_400_000);

      let started = performance.now();
      const rows = await db.$queryRaw<{ starts_at: Date; ends_at: Date }[]>`
        SELECT starts_at, ends_at FROM appointments
         WHERE professional_id = ${professionalId}::int AND status <> 'cancelled'
           AND tstzrange(starts_at, ends_at, '[)') && tstzrange(${dayStart}::timestamptz, ${dayEnd}::timestamptz, '[)')`;
      const floorMs = performance.now() - started;

      started = performance.now();
      const result = (await tool.handler(tool.input.parse({ profissional_id: professionalId, data: date, servico_id: seeded.serviceId }), {
        tenantId: seeded.tenantId,
        customerId: seeded.customerId,
        conversationId: 0,
        toolUseId: `bench_${iteration}`,
      })) as { total_livres: number };
      const toolMs = performance.now() - started;

      if (rows.length !== HOURS.length) throw new Error(`expected ${HOURS.length} appointments on ${date}, got ${rows.length}`);
      if (result.total_livres <= 0) throw new Error(`no free slots on ${date}: the benchmark would not measure a real day`);
      if (iteration >= WARMUP) {
        floor.push(floorMs);
        measured.push(toolMs);
      }
    }

    // The floor must really be an indexed read; print which index the planner used.
    const plan = await db.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN SELECT starts_at, ends_at FROM appointments WHERE professional_id = ${seeded.professionalIds[0]} AND status <> 'cancelled'
         AND tstzrange(starts_at, ends_at, '[)') && tstzrange('2026-12-02T03:00Z', '2026-12-03T03:00Z', '[)')`,
    );
    const indexLine =
      plan.map((line) => line['QUERY PLAN']).find((line) => /Index Scan|Index Only Scan/.test(line)) ?? 'NO INDEX (sequential scan)';
    console.log(`floor plan: ${indexLine.trim()}`);
    const row = (name: string, samples: number[]) => ({
      measure: name,
      'median ms': round(percentile(samples, 50)),
      'p95 ms': round(percentile(samples, 95)),
    });
    console.log(
      `tenant: ${PROFESSIONALS} professionals × ${DAYS_OF_APPOINTMENTS * HOURS.length} appointments; ${ITERATIONS} calls (after ${WARMUP} warm-up), random professional and working day`,
    );
    console.table([row('floor: one indexed query (day appointments)', floor), row('buscar_horarios (tool handler)', measured)]);
    const p95 = percentile(measured, 95);
    const ratioP95 = p95 / percentile(floor, 95);
    const ratioMedian = percentile(measured, 50) / percentile(floor, 50);
    console.log(`ratio buscar_horarios / floor: median ${ratioMedian.toFixed(2)}×, p95 ${ratioP95.toFixed(2)}×`);
    console.log(
      `targets: p95 ≤ 20 ms → ${targets.check('buscar_horarios p95 ≤ 20 ms', p95 <= 20)}; p95 ≤ 3× floor → ${targets.check('buscar_horarios p95 ≤ 3× floor', ratioP95 <= 3)}`,
    );
    return targets.list;
  } finally {
    await db.$disconnect();
    await database.dispose();
  }
}
