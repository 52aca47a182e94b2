import { createDb, type Db } from '../src/db/index.js';
import { createSchedulingTools } from '../src/scheduling/index.js';
import { createLogger, fixedClock } from '../src/shared/index.js';
import { createBenchDatabase } from './support/bench-database.js';

const PROFESSIONALS = 50;
const DAYS_OF_APPOINTMENTS = 250;
const HOURS = [9, 10, 11, 13, 14, 15, 16, 17]; // 8 × 250 = 2 000 appointments per professional
const ITERATIONS = 600;
const WARMUP = 60;
const NOW = '2026-12-01T12:00:00Z';
const ZONE = 'America/Sao_Paulo';

export default async function run(): Promise<void> {
  const logger = createLogger('warn');
  const database = await createBenchDatabase({ prefix: 'wa_bench_scheduling', serverUrl: process.env.DATABASE_URL, logger });
  const db = createDb(database.url, { maxConnections: 4 });
  try {
    const seeded = await seed(db);
    const tool = createSchedulingTools({ db, clock: fixedClock(NOW), logger }).find((candidate) => candidate.name === 'buscar_horarios');
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
    console.log(`targets: p95 ≤ 20 ms → ${p95 <= 20 ? 'met' : 'MISSED'}; p95 ≤ 3× floor → ${ratioP95 <= 3 ? 'met' : 'MISSED'}`);
  } finally {
    await db.$disconnect();
    await database.dispose();
  }
}

async function seed(db: Db) {
  const [tenant] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO tenants (slug, name, timezone, phone_number_id, min_notice_minutes, horizon_days, slot_step_minutes)
    VALUES ('bench-salon', 'Bench Salon', ${ZONE}, '1999', 60, 60, 15) RETURNING id`;
  const tenantId = tenant!.id;
  const [service] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO services (tenant_id, key, name, duration_minutes) VALUES (${tenantId}, 'corte', 'Corte', 30) RETURNING id`;
  await db.$executeRaw`INSERT INTO services (tenant_id, key, name, duration_minutes) VALUES (${tenantId}, 'coloracao', 'Coloração', 90)`;
  await db.$executeRaw`
    INSERT INTO professionals (tenant_id, key, name) SELECT ${tenantId}, 'p' || n, 'Profissional ' || n FROM generate_series(1, ${PROFESSIONALS}::int) n`;
  await db.$executeRaw`
    INSERT INTO professional_services (tenant_id, professional_id, service_id)
    SELECT p.tenant_id, p.id, s.id FROM professionals p CROSS JOIN services s WHERE p.tenant_id = ${tenantId} AND s.tenant_id = ${tenantId}`;
  await db.$executeRaw`
    INSERT INTO working_hours (tenant_id, professional_id, weekday, start_minute, end_minute)
    SELECT p.tenant_id, p.id, d, i.s, i.e FROM professionals p CROSS JOIN generate_series(1, 6) d
      CROSS JOIN (VALUES (540, 720), (780, 1080)) AS i(s, e) WHERE p.tenant_id = ${tenantId}`;
  const [customer] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO customers (tenant_id, wa_id) VALUES (${tenantId}, '5511999990000') RETURNING id`;
  // 2 000 per professional: 8 a day for 250 days around "now" (past and future).
  const inserted = await db.$executeRaw`
    INSERT INTO appointments (tenant_id, professional_id, service_id, customer_id, starts_at, ends_at)
    SELECT ${tenantId}, p.id, ${service!.id}, ${customer!.id}, slot.at, slot.at + interval '30 minutes'
      FROM professionals p
      CROSS JOIN generate_series(0, ${DAYS_OF_APPOINTMENTS - 1}::int) d
      CROSS JOIN unnest(${HOURS}::int[]) h
      CROSS JOIN LATERAL (SELECT ((date '2026-06-01' + d) + make_interval(hours => h)) AT TIME ZONE ${ZONE} AS at) slot
     WHERE p.tenant_id = ${tenantId}`;
  await db.$executeRaw`
    INSERT INTO time_off (tenant_id, professional_id, starts_at, ends_at)
    SELECT p.tenant_id, p.id, timestamptz '2026-12-24 00:00-03', timestamptz '2026-12-26 00:00-03' FROM professionals p WHERE p.tenant_id = ${tenantId}`;
  await db.$executeRaw`ANALYZE`;
  if (inserted !== PROFESSIONALS * DAYS_OF_APPOINTMENTS * HOURS.length) throw new Error(`seeded ${inserted} appointments`);
  const professionals = await db.professional.findMany({ where: { tenantId }, select: { id: true } });
  // Working days (Mon–Sat) inside the horizon that still have appointments: 2026-12-02 .. 2027-01-30, minus the time off.
  const dates: string[] = [];
  for (let day = new Date('2026-12-02T12:00:00Z'); day < new Date('2027-01-31T00:00:00Z'); day = new Date(day.getTime() + 86_400_000)) {
    const date = day.toISOString().slice(0, 10);
    if (day.getUTCDay() !== 0 && date !== '2026-12-24' && date !== '2026-12-25') dates.push(date);
  }
  return {
    tenantId,
    serviceId: service!.id,
    customerId: customer!.id,
    professionalIds: professionals.map((professional) => professional.id),
    dates,
  };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
