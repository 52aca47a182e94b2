import { generateApiKey } from '../../src/auth/index.js';
import type { Db } from '../../src/db/index.js';

/** The salon's zone: UTC−3 all year, so a local day is [`${date}T03:00Z`, +24 h). */
export const BENCH_ZONE = 'America/Sao_Paulo';
export const BENCH_PROFESSIONALS = 50;
export const BENCH_DAYS_OF_APPOINTMENTS = 250;
/** Local start hours of each professional's appointments: 8 × 250 days = 2 000 appointments per professional. */
export const BENCH_HOURS = [9, 10, 11, 13, 14, 15, 16, 17];
const CUSTOMERS = 500;

export interface BenchSalon {
  tenantId: number;
  /** the tenant's admin API key */
  apiKey: string;
  /** Corte (30 min): every appointment is one */
  serviceId: number;
  /** a customer of the salon, for tool calls */
  customerId: number;
  professionalIds: number[];
  /** working days (Mon–Sat) inside the booking horizon with appointments and no time off: 2026-12-02 .. 2027-01-30 */
  dates: string[];
}

/**
 * One large salon for the agenda and scheduling benchmarks, written with a few set-based
 * statements: 50 professionals (Mon–Sat 09:00–12:00 + 13:00–18:00, Corte and Coloração),
 * 500 customers, and 2 000 appointments per professional, 8 a day for 250 days from
 * 2026-06-01 (past and future of the benchmarks' "now", 2026-12-01), spread over the
 * customers, statuses that all hold their time (booked, confirmed, attended, no_show) and
 * sources; time off over 24–25 December. Analyzed, so the planner sees the real sizes.
 */
export async function seedBenchSalon(db: Db, tenant: { slug: string; name: string; phoneNumberId: string }): Promise<BenchSalon> {
  const [row] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO tenants (slug, name, timezone, phone_number_id, min_notice_minutes, horizon_days, slot_step_minutes)
    VALUES (${tenant.slug}, ${tenant.name}, ${BENCH_ZONE}, ${tenant.phoneNumberId}, 60, 60, 15) RETURNING id`;
  const tenantId = row!.id;
  const apiKey = generateApiKey();
  await db.apiKey.create({ data: { tenantId, prefix: apiKey.prefix, keyHash: apiKey.keyHash } });
  const [service] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO services (tenant_id, key, name, duration_minutes) VALUES (${tenantId}, 'corte', 'Corte', 30) RETURNING id`;
  await db.$executeRaw`INSERT INTO services (tenant_id, key, name, duration_minutes) VALUES (${tenantId}, 'coloracao', 'Coloração', 90)`;
  await db.$executeRaw`
    INSERT INTO professionals (tenant_id, key, name) SELECT ${tenantId}, 'p' || n, 'Profissional ' || n FROM generate_series(1, ${BENCH_PROFESSIONALS}::int) n`;
  await db.$executeRaw`
    INSERT INTO professional_services (tenant_id, professional_id, service_id)
    SELECT p.tenant_id, p.id, s.id FROM professionals p CROSS JOIN services s WHERE p.tenant_id = ${tenantId} AND s.tenant_id = ${tenantId}`;
  await db.$executeRaw`
    INSERT INTO working_hours (tenant_id, professional_id, weekday, start_minute, end_minute)
    SELECT p.tenant_id, p.id, d, i.s, i.e FROM professionals p CROSS JOIN generate_series(1, 6) d
      CROSS JOIN (VALUES (540, 720), (780, 1080)) AS i(s, e) WHERE p.tenant_id = ${tenantId}`;
  await db.$executeRaw`
    INSERT INTO customers (tenant_id, wa_id, name)
    SELECT ${tenantId}, '55119' || lpad(n::text, 8, '0'), 'Cliente ' || n FROM generate_series(1, ${CUSTOMERS}::int) n`;
  // Customer ids are consecutive in a fresh database: appointments spread over them by arithmetic.
  const [firstCustomer] = await db.$queryRaw<{ id: number }[]>`SELECT min(id) AS id FROM customers WHERE tenant_id = ${tenantId}`;
  const inserted = await db.$executeRaw`
    INSERT INTO appointments (tenant_id, professional_id, service_id, customer_id, starts_at, ends_at, status, source)
    SELECT ${tenantId}, p.id, ${service!.id}, c.id, slot.at, slot.at + interval '30 minutes',
           (ARRAY['booked', 'confirmed', 'attended', 'no_show'])[1 + (d + h) % 4], (ARRAY['bot', 'staff'])[1 + (p.id + d) % 2]
      FROM professionals p
      CROSS JOIN generate_series(0, ${BENCH_DAYS_OF_APPOINTMENTS - 1}::int) d
      CROSS JOIN unnest(${BENCH_HOURS}::int[]) h
      CROSS JOIN LATERAL (SELECT ((date '2026-06-01' + d) + make_interval(hours => h)) AT TIME ZONE ${BENCH_ZONE} AS at) slot
      CROSS JOIN LATERAL (SELECT ${firstCustomer!.id}::int + (p.id * 7 + d * 3 + h) % ${CUSTOMERS}::int AS id) c
     WHERE p.tenant_id = ${tenantId}`;
  await db.$executeRaw`
    INSERT INTO time_off (tenant_id, professional_id, starts_at, ends_at)
    SELECT p.tenant_id, p.id, timestamptz '2026-12-24 00:00-03', timestamptz '2026-12-26 00:00-03' FROM professionals p WHERE p.tenant_id = ${tenantId}`;
  await db.$executeRaw`ANALYZE`;
  const expected = BENCH_PROFESSIONALS * BENCH_DAYS_OF_APPOINTMENTS * BENCH_HOURS.length;
  if (inserted !== expected) throw new Error(`seeded ${inserted} appointments, expected ${expected}`);
  const professionals = await db.professional.findMany({ where: { tenantId }, select: { id: true }, orderBy: { id: 'asc' } });
  const dates: string[] = [];
  for (let day = new Date('2026-12-02T12:00:00Z'); day < new Date('2027-01-31T00:00:00Z'); day = new Date(day.getTime() + 86_400_000)) {
    const date = day.toISOString().slice(0, 10);
    if (day.getUTCDay() !== 0 && date !== '2026-12-24' && date !== '2026-12-25') dates.push(date);
  }
  return {
    tenantId,
    apiKey: apiKey.key,
    serviceId: service!.id,
    customerId: firstCustomer!.id,
    professionalIds: professionals.map((professional) => professional.id),
    dates,
  };
}
