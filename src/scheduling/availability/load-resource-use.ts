import { Prisma, type Queryable } from '../../db/index.js';
import { generousUtcWindow } from '../../shared/index.js';
import type { ResourceUse } from './visit-plan.js';

export interface ResourceUseQuery {
  tenantId: number;
  resourceIds: number[];
  /** the resources these services need, too */
  serviceIds?: number[];
  fromDate: string;
  toDate: string;
  ignoreAppointmentIds: number[];
}

/** One resource as resourceUseJson reads it. */
export type ResourceUseRow = { id: number; count: number; holds: [number, number][] };

/**
 * The resources' use as one SQL expression (a json array of {id, count, holds}), so a bigger
 * statement can read it as a column: each resource's count and the holds (start to end plus
 * buffer) of the appointments that use it around the dates. Appointments are found by start
 * through `appointments (tenant_id, starts_at)`: none lasts, with its buffer, more than a day
 * and a half.
 */
export function resourceUseJson(query: ResourceUseQuery): Prisma.Sql {
  const serviceIds = query.serviceIds ?? [];
  const needed =
    serviceIds.length === 0
      ? Prisma.sql`r.id = ANY(${query.resourceIds}::int[])`
      : Prisma.sql`(r.id = ANY(${query.resourceIds}::int[]) OR r.id IN (
          SELECT n.resource_id FROM service_resources n WHERE n.tenant_id = ${query.tenantId}::int AND n.service_id = ANY(${serviceIds}::int[])))`;
  const window = generousUtcWindow(query.fromDate, query.toDate);
  const earliestStart = new Date(window.start.getTime() - 36 * 3_600_000);
  return Prisma.sql`(SELECT coalesce(json_agg(json_build_object('id', r.id, 'count', r.count, 'holds',
      (SELECT coalesce(json_agg(json_build_array(extract(epoch FROM a.starts_at) * 1000,
                                                 extract(epoch FROM appointment_busy_until(a.ends_at, a.buffer_after_minutes)) * 1000)
                                ORDER BY a.starts_at), '[]'::json)
         FROM appointments a JOIN service_resources sr ON sr.service_id = a.service_id AND sr.resource_id = r.id AND sr.tenant_id = r.tenant_id
        WHERE a.tenant_id = r.tenant_id AND a.status NOT IN ('cancelled', 'expired')
          AND a.starts_at < ${window.end} AND a.starts_at > ${earliestStart}
          AND appointment_busy_until(a.ends_at, a.buffer_after_minutes) > ${window.start}
          AND a.id <> ALL(${query.ignoreAppointmentIds}::int[])))), '[]'::json)
      FROM resources r WHERE r.tenant_id = ${query.tenantId}::int AND ${needed})`;
}

/** The rows of resourceUseJson as a map by resource id. */
export function toResourceUse(rows: readonly ResourceUseRow[]): Map<number, ResourceUse> {
  return new Map(
    rows.map((row) => [row.id, { count: row.count, holds: row.holds.map(([from, to]) => [Number(from), Number(to)] as const) }]),
  );
}

/** Each resource's count and its holds around the dates (see resourceUseJson), in one query. */
export async function loadResourceUse(db: Queryable, query: ResourceUseQuery): Promise<Map<number, ResourceUse>> {
  if (query.resourceIds.length === 0 && (query.serviceIds ?? []).length === 0) return new Map();
  const [row] = await db.$queryRaw<{ resources: ResourceUseRow[] }[]>`SELECT ${resourceUseJson(query)} AS resources`;
  return toResourceUse(row?.resources ?? []);
}
