import { schedulingToolDepsOf } from '../src/boot/index.js';
import { createDb } from '../src/db/index.js';
import { createSchedulingTools } from '../src/scheduling/tools/index.js';
import { createLogger, fixedClock } from '../src/shared/index.js';
import { createBenchDatabase } from './support/bench-database.js';
import { percentile, round } from './support/samples.js';
import { BENCH_HOURS, BENCH_PROFESSIONALS, BENCH_ZONE, seedBenchSalon } from './support/seed-bench-salon.js';
import { type BenchTarget, createTargets } from './support/targets.js';

const ITERATIONS = 400;
const WARMUP = 40;
const NOW = '2026-12-01T12:00:00Z';

/**
 * The visit slot search (`buscar_horarios` with `servicos`) for corte → escova → corte across
 * two professionals, the escova holding the salon's one lavatório (10-minute buffer), in the
 * 50-professional × 2 000-appointment salon. The two professionals' afternoons are cancelled
 * (the rows stay) so visits fit there, and a third professional's lavagens hold the lavatório
 * at 13:30 and 15:30 every day. Floor: the indexed reads the search cannot avoid (each
 * professional's day of appointments, the lavatório's holds), issued one after another.
 */
export default async function run(): Promise<BenchTarget[]> {
  const targets = createTargets();
  const logger = createLogger('warn');
  const database = await createBenchDatabase({ prefix: 'wa_bench_visit', serverUrl: process.env.DATABASE_URL, logger });
  const db = createDb(database.url, { maxConnections: 4 });
  try {
    const seeded = await seedBenchSalon(db, { slug: 'bench-visit', name: 'Bench Visit', phoneNumberId: '1998' });
    const [first, second, third] = seeded.professionalIds;
    const { tenantId } = seeded;
    const [resource] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO resources (tenant_id, key, name, count) VALUES (${tenantId}, 'lavatorio', 'Lavatório', 1) RETURNING id`;
    const [escova] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO services (tenant_id, key, name, duration_minutes, buffer_after_minutes, price_cents)
      VALUES (${tenantId}, 'escova', 'Escova', 40, 10, 6000) RETURNING id`;
    const [lavagem] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO services (tenant_id, key, name, duration_minutes) VALUES (${tenantId}, 'lavagem', 'Lavagem', 30) RETURNING id`;
    await db.$executeRaw`INSERT INTO service_resources (tenant_id, service_id, resource_id)
      VALUES (${tenantId}, ${escova!.id}, ${resource!.id}), (${tenantId}, ${lavagem!.id}, ${resource!.id})`;
    await db.$executeRaw`INSERT INTO professional_services (tenant_id, professional_id, service_id)
      SELECT ${tenantId}, p, s FROM unnest(ARRAY[${first}, ${second}, ${third}]::int[]) p CROSS JOIN unnest(ARRAY[${escova!.id}, ${lavagem!.id}]::int[]) s`;
    await db.$executeRaw`UPDATE appointments SET status = 'cancelled'
      WHERE professional_id IN (${first}, ${second}) AND extract(hour FROM starts_at AT TIME ZONE ${BENCH_ZONE}) >= 13`;
    await db.$executeRaw`
      INSERT INTO appointments (tenant_id, professional_id, service_id, customer_id, starts_at, ends_at)
      SELECT ${tenantId}, ${third}, ${lavagem!.id}, ${seeded.customerId}, at, at + interval '30 minutes'
        FROM generate_series(0, 249) d CROSS JOIN unnest(ARRAY[13, 15]) h
        CROSS JOIN LATERAL (SELECT ((date '2026-06-01' + d) + make_interval(hours => h, mins => 30)) AT TIME ZONE ${BENCH_ZONE} AS at) slot
       WHERE extract(isodow FROM date '2026-06-01' + d) < 7`;
    await db.$executeRaw`ANALYZE`;

    const tool = createSchedulingTools(schedulingToolDepsOf({ db, clock: fixedClock(NOW), logger })).find(
      (candidate) => candidate.name === 'buscar_horarios',
    );
    if (!tool) throw new Error('buscar_horarios not found');
    const servicos = [
      { servico_id: seeded.serviceId, profissional_id: first },
      { servico_id: escova!.id, profissional_id: second },
      { servico_id: seeded.serviceId, profissional_id: first },
    ];
    const floor: number[] = [];
    const measured: number[] = [];
    let random = 7;
    const next = () => {
      random = (random * 1_103_515_245 + 12_345) % 2_147_483_648;
      return random / 2_147_483_648;
    };
    for (let iteration = 0; iteration < WARMUP + ITERATIONS; iteration++) {
      const date = seeded.dates[Math.floor(next() * seeded.dates.length)]!;
      const dayStart = new Date(`${date}T03:00:00Z`);
      const dayEnd = new Date(dayStart.getTime() + 86_400_000);
      let started = performance.now();
      for (const professionalId of [first, second]) {
        await db.$queryRaw`
          SELECT starts_at, ends_at FROM appointments
           WHERE professional_id = ${professionalId}::int AND status <> 'cancelled'
             AND tstzrange(starts_at, appointment_busy_until(ends_at, buffer_after_minutes), '[)') && tstzrange(${dayStart}::timestamptz, ${dayEnd}::timestamptz, '[)')`;
      }
      await db.$queryRaw`
        SELECT a.starts_at, a.ends_at FROM appointments a JOIN service_resources sr ON sr.service_id = a.service_id AND sr.resource_id = ${resource!.id}::int
         WHERE a.tenant_id = ${tenantId}::int AND a.status <> 'cancelled' AND a.starts_at >= ${dayStart} AND a.starts_at < ${dayEnd}`;
      const floorMs = performance.now() - started;

      started = performance.now();
      const result = (await tool.handler(tool.input.parse({ data: date, servicos }), {
        tenantId,
        customerId: seeded.customerId,
        conversationId: 0,
        toolUseId: `bench_visit_${iteration}`,
      })) as { total_inicios: number };
      const toolMs = performance.now() - started;
      if (result.total_inicios <= 0) throw new Error(`no visit fits on ${date}: the benchmark would not measure a real search`);
      if (iteration >= WARMUP) {
        floor.push(floorMs);
        measured.push(toolMs);
      }
    }
    const row = (name: string, samples: number[]) => ({
      measure: name,
      'median ms': round(percentile(samples, 50)),
      'p95 ms': round(percentile(samples, 95)),
    });
    console.log(
      `tenant: ${BENCH_PROFESSIONALS} professionals × ${250 * BENCH_HOURS.length} appointments; visit corte → escova (lavatório, buffer) → corte across 2 professionals; ${ITERATIONS} calls after ${WARMUP} warm-up, random working day`,
    );
    console.table([
      row('floor: the indexed reads (2 professionals + resource holds)', floor),
      row('buscar_horarios with servicos (tool handler)', measured),
    ]);
    const p95 = percentile(measured, 95);
    const ratioP95 = p95 / percentile(floor, 95);
    const ratioMedian = percentile(measured, 50) / percentile(floor, 50);
    console.log(`ratio visit search / floor: median ${ratioMedian.toFixed(2)}×, p95 ${ratioP95.toFixed(2)}×`);
    console.log(
      `targets: p95 ≤ 20 ms → ${targets.check('visit search p95 ≤ 20 ms', p95 <= 20)}; p95 ≤ 3× floor → ${targets.check('visit search p95 ≤ 3× floor', ratioP95 <= 3)}`,
    );
    return targets.list;
  } finally {
    await db.$disconnect();
    await database.dispose();
  }
}
