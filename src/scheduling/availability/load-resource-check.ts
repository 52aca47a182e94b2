import type { Queryable } from '../../db/index.js';
import { loadResourceUse } from './load-resource-use.js';
import { resourcesFit } from './visit-plan.js';

/** What a resource check needs of a service: how long it holds its resources and which. */
export interface ResourceHolder {
  durationMinutes: number;
  bufferAfterMinutes?: number;
  resourceIds?: readonly number[];
}

/**
 * A predicate over starts (epoch ms) of one service: whether every resource it needs still
 * has a unit free for its time and buffer at that start, counting the appointments already
 * holding them between `fromDate` and `toDate` (local dates; `ignoreAppointmentIds` left out:
 * the one being moved). One query, and none at all for a service that needs no resource.
 */
export async function loadResourceCheck(
  db: Queryable,
  query: { tenantId: number; service: ResourceHolder; fromDate: string; toDate: string; ignoreAppointmentIds?: number[] },
): Promise<(start: number) => boolean> {
  const resourceIds = [...(query.service.resourceIds ?? [])];
  if (resourceIds.length === 0) return () => true;
  const use = await loadResourceUse(db, {
    tenantId: query.tenantId,
    resourceIds,
    fromDate: query.fromDate,
    toDate: query.toDate,
    ignoreAppointmentIds: query.ignoreAppointmentIds ?? [],
  });
  const holdMs = (query.service.durationMinutes + (query.service.bufferAfterMinutes ?? 0)) * 60_000;
  return (start) => resourcesFit(use, resourceIds, start, start + holdMs, []);
}
