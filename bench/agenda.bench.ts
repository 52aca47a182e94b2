import type { Server } from 'node:http';
import { toAgendaItemBody } from '../src/admin/agenda-body.js';
import { createAdminRouter } from '../src/admin/index.js';
import { schedulingDepsOf } from '../src/boot/index.js';
import { createDatabasePool, createDb, type Db, poolSqlReads, primaryReads } from '../src/db/index.js';
import { createHttpApp, createStaffReads } from '../src/http/index.js';
import { listDayAgenda } from '../src/scheduling/agenda/index.js';
import { findFreeSlots } from '../src/scheduling/availability/index.js';
import { createLogger, dayClock, fixedClock } from '../src/shared/index.js';
import { createBenchDatabase } from './support/bench-database.js';
import { percentile, round } from './support/samples.js';
import {
  BENCH_DAYS_OF_APPOINTMENTS as DAYS_OF_APPOINTMENTS,
  BENCH_HOURS as HOURS,
  BENCH_PROFESSIONALS as PROFESSIONALS,
  seedBenchSalon,
  BENCH_ZONE as ZONE,
} from './support/seed-bench-salon.js';
import { type BenchTarget, createTargets } from './support/targets.js';

const ITERATIONS = 600;
const WARMUP = 60;
const NOW = '2026-12-01T12:00:00Z';

/**
 * The staff agenda over HTTP at 50 professionals × 2 000 appointments: `GET
 * /admin/appointments` for one day (the whole salon: 400 appointments, and one
 * professional's) and `GET /admin/availability`, each against a single indexed query over
 * the same rows measured in the same run. Targets: p95 ≤ 20 ms and ≤ 3× its floor.
 */
export default async function run(): Promise<BenchTarget[]> {
  const targets = createTargets();
  const logger = createLogger('warn');
  const database = await createBenchDatabase({ prefix: 'wa_bench_agenda', serverUrl: process.env.DATABASE_URL, logger });
  // One pool under the ORM client and the plain-SQL reads, as the service runs (boot/start-service.ts).
  const pool = createDatabasePool(database.url, { max: 4, applicationName: 'wa-agenda bench agenda', logger, component: 'bench' });
  const db = createDb(pool.pool);
  const sql = poolSqlReads(pool.pool, { prepared: true });
  let server: Server | undefined;
  try {
    const seeded = await seedBenchSalon(db, { slug: 'bench-agenda', name: 'Bench Agenda', phoneNumberId: '1998' });
    const app = createHttpApp({
      db,
      logger,
      routers: [
        createAdminRouter({
          db,
          scheduling: schedulingDepsOf(db),
          logger,
          clock: fixedClock(NOW),
          reads: createStaffReads(primaryReads(db, sql)),
          config: {
            ADMIN_RATE_LIMIT_PER_MINUTE: 1_000_000_000,
            ADMIN_AUTH_FAILURES_PER_MINUTE: 1_000_000_000,
            PUBLIC_URL: 'http://localhost',
          },
        }),
      ],
    });
    const listening = app.listen(0, '127.0.0.1');
    server = listening;
    await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
    const address = listening.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const headers = { authorization: `Bearer ${seeded.apiKey}` };
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers });
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
      return body;
    };

    let random = 7;
    const next = () => {
      random = (random * 1_103_515_245 + 12_345) % 2_147_483_648;
      return random / 2_147_483_648;
    };
    const samples = {
      dayFloor: [] as number[],
      day: [] as number[],
      compactDay: [] as number[],
      professionalDayFloor: [] as number[],
      professionalDay: [] as number[],
      compactProfessionalDay: [] as number[],
      availabilityFloor: [] as number[],
      availability: [] as number[],
      dayInProcess: [] as number[],
      availabilityInProcess: [] as number[],
    };
    for (let iteration = 0; iteration < WARMUP + ITERATIONS; iteration++) {
      const professionalId = seeded.professionalIds[Math.floor(next() * seeded.professionalIds.length)]!;
      const date = seeded.dates[Math.floor(next() * seeded.dates.length)]!;
      // Day bounds in São Paulo (UTC−3 all year): the floors read exactly the day's rows.
      const dayStart = new Date(`${date}T03:00:00Z`);
      const dayEnd = new Date(dayStart.getTime() + 86_400_000);
      const keep = iteration >= WARMUP;

      let started = performance.now();
      const dayRows = await db.$queryRaw<unknown[]>`
        SELECT id, starts_at, ends_at, status, source, professional_id, service_id, customer_id FROM appointments
         WHERE tenant_id = ${seeded.tenantId}::int AND starts_at >= ${dayStart} AND starts_at < ${dayEnd}`;
      if (keep) samples.dayFloor.push(performance.now() - started);

      started = performance.now();
      const day = (await get(`/admin/appointments?date=${date}`)) as { items: unknown[] };
      if (keep) samples.day.push(performance.now() - started);
      if (day.items.length !== dayRows.length || dayRows.length !== PROFESSIONALS * HOURS.length) {
        throw new Error(`expected ${PROFESSIONALS * HOURS.length} appointments on ${date}, got ${day.items.length} / ${dayRows.length}`);
      }

      // The console's form of the same listing: the same rows, each name once (`compact=true`).
      started = performance.now();
      const compactDay = (await get(`/admin/appointments?date=${date}&compact=true`)) as { items: unknown[] };
      if (keep) samples.compactDay.push(performance.now() - started);
      if (compactDay.items.length !== dayRows.length) throw new Error('compact agenda and floor disagree');

      started = performance.now();
      const professionalRows = await db.$queryRaw<unknown[]>`
        SELECT id, starts_at, ends_at, status, source, service_id, customer_id FROM appointments
         WHERE professional_id = ${professionalId}::int AND starts_at >= ${dayStart} AND starts_at < ${dayEnd}`;
      if (keep) samples.professionalDayFloor.push(performance.now() - started);

      started = performance.now();
      const professionalDay = (await get(`/admin/appointments?date=${date}&professionalId=${professionalId}`)) as { items: unknown[] };
      if (keep) samples.professionalDay.push(performance.now() - started);
      if (professionalDay.items.length !== professionalRows.length) throw new Error('agenda and floor disagree');

      started = performance.now();
      const compactProfessionalDay = (await get(`/admin/appointments?date=${date}&professionalId=${professionalId}&compact=true`)) as {
        items: unknown[];
      };
      if (keep) samples.compactProfessionalDay.push(performance.now() - started);
      if (compactProfessionalDay.items.length !== professionalRows.length) throw new Error('compact agenda and floor disagree');

      started = performance.now();
      await db.$queryRaw`
        SELECT starts_at, ends_at FROM appointments
         WHERE professional_id = ${professionalId}::int AND status <> 'cancelled'
           AND tstzrange(starts_at, ends_at, '[)') && tstzrange(${dayStart}::timestamptz, ${dayEnd}::timestamptz, '[)')`;
      if (keep) samples.availabilityFloor.push(performance.now() - started);

      started = performance.now();
      const availability = (await get(
        `/admin/availability?date=${date}&professionalId=${professionalId}&serviceId=${seeded.serviceId}`,
      )) as {
        slots: string[];
      };
      if (keep) samples.availability.push(performance.now() - started);
      if (availability.slots.length === 0) throw new Error(`no free slots on ${date}: the benchmark would not measure a real day`);

      // The routes' own work without HTTP and API-key auth (which every admin route pays).
      started = performance.now();
      const clock = dayClock(date, ZONE);
      const { items } = await listDayAgenda(sql, { tenantId: seeded.tenantId, timezone: ZONE, date });
      JSON.stringify({ items: items.map((item) => toAgendaItemBody(item, ZONE, clock)) });
      if (keep) samples.dayInProcess.push(performance.now() - started);
      started = performance.now();
      await findFreeSlots(db, {
        tenantId: seeded.tenantId,
        professionalId,
        serviceId: seeded.serviceId,
        date,
        now: new Date(NOW),
      });
      if (keep) samples.availabilityInProcess.push(performance.now() - started);
    }

    await printPlans(db, seeded);
    console.log(
      `tenant: ${PROFESSIONALS} professionals × ${DAYS_OF_APPOINTMENTS * HOURS.length} appointments; ${ITERATIONS} requests each (after ${WARMUP} warm-up) over loopback HTTP with API-key auth, random professional and working day`,
    );
    const row = (name: string, values: number[]) => ({
      measure: name,
      'median ms': round(percentile(values, 50)),
      'p95 ms': round(percentile(values, 95)),
    });
    console.table([
      row('floor: one indexed query (the salon’s day, 400 rows)', samples.dayFloor),
      row('GET /admin/appointments?date= (400 items)', samples.day),
      row('GET /admin/appointments?date=&compact=true (the console’s)', samples.compactDay),
      row('floor: one indexed query (one professional’s day)', samples.professionalDayFloor),
      row('GET /admin/appointments?date=&professionalId=', samples.professionalDay),
      row('GET /admin/appointments?date=&professionalId=&compact=true', samples.compactProfessionalDay),
      row('floor: one indexed query (day appointments, gist)', samples.availabilityFloor),
      row('GET /admin/availability', samples.availability),
      row('in process: salon day listed and serialised', samples.dayInProcess),
      row('in process: availability', samples.availabilityInProcess),
    ]);
    for (const [name, measured, floor] of [
      ['agenda (salon day)', samples.day, samples.dayFloor],
      ['agenda (one professional)', samples.professionalDay, samples.professionalDayFloor],
      ['agenda, compact (salon day)', samples.compactDay, samples.dayFloor],
      ['agenda, compact (one professional)', samples.compactProfessionalDay, samples.professionalDayFloor],
      ['availability', samples.availability, samples.availabilityFloor],
      ['in process, salon day (no HTTP, no auth)', samples.dayInProcess, samples.dayFloor],
      ['in process, availability (no HTTP, no auth)', samples.availabilityInProcess, samples.availabilityFloor],
    ] as const) {
      const p95 = percentile(measured, 95);
      const ratio = p95 / percentile(floor, 95);
      console.log(
        `${name}: p95 ${round(p95)} ms, ratio to floor p95 ${ratio.toFixed(2)}× (median ${(percentile(measured, 50) / percentile(floor, 50)).toFixed(2)}×) → ` +
          `p95 ≤ 20 ms ${targets.check(`${name}: p95 ≤ 20 ms`, p95 <= 20)}; ≤ 3× floor ${targets.check(`${name}: p95 ≤ 3× floor`, ratio <= 3)}`,
      );
    }
    return targets.list;
  } finally {
    if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
    server?.closeAllConnections();
    await db.$disconnect();
    await pool.end();
    await database.dispose();
  }
}

async function printPlans(db: Db, seeded: { tenantId: number; professionalIds: number[] }) {
  const plan = async (sql: string) => {
    const lines = await db.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${sql}`);
    return (
      lines.map((line) => line['QUERY PLAN']).find((line) => /Index Scan|Index Only Scan|Bitmap Index Scan/.test(line)) ??
      'NO INDEX (sequential scan)'
    ).trim();
  };
  console.log(
    `salon-day floor plan: ${await plan(`SELECT id FROM appointments WHERE tenant_id = ${seeded.tenantId} AND starts_at >= '2026-12-02T03:00Z' AND starts_at < '2026-12-03T03:00Z'`)}`,
  );
  console.log(
    `availability floor plan: ${await plan(`SELECT starts_at FROM appointments WHERE professional_id = ${seeded.professionalIds[0]} AND status <> 'cancelled' AND tstzrange(starts_at, ends_at, '[)') && tstzrange('2026-12-02T03:00Z', '2026-12-03T03:00Z', '[)')`)}`,
  );
}
