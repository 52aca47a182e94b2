import { type Db, inTransaction } from '../../db/index.js';
import { localDateTimeOf, localInstant, parseLocalDateTime } from '../../shared/index.js';
import { type AppointmentActor, actorColumns, type SchedulingDeps } from '../appointments/index.js';
import { type Refused, refused } from '../availability/index.js';
import { type AgendaAppointment, listOverlappingAppointments } from './agenda-appointment.js';

export interface CreatedBlock {
  id: number;
  startsAt: Date;
  endsAt: Date;
  /** Appointments (not cancelled) inside the block: listed for staff to handle, never cancelled here. */
  overlapping: AgendaAppointment[];
}

/** Why a block is refused, as data (the admin routes word it for staff). */
export type BlockRefusal =
  | { kind: 'professional_not_found'; professionalId: number }
  /** `from` or `to` is not a real local date and time */
  | { kind: 'block_time_invalid'; field: 'from' | 'to'; value: string }
  /** `from` or `to` is a wall time the clocks skip in the tenant's zone */
  | { kind: 'block_time_skipped'; field: 'from' | 'to'; value: string; timezone: string }
  | { kind: 'block_ends_before_start'; from: string; to: string }
  | { kind: 'block_past'; to: string };

/**
 * A professional's ad-hoc time off from local `from` to `to` (the tenant's zone). From the
 * commit on, availability (the bot's and staff's) offers nothing inside it. Appointments it
 * overlaps stay as they are and are returned. Refuses (as a value): unknown professional
 * (another tenant's alike), a time that is not real or does not exist (DST gap), `to` not
 * after `from`, or a block that is already over.
 */
export async function createProfessionalBlock(
  db: Db,
  request: {
    tenantId: number;
    professionalId: number;
    from: string;
    to: string;
    reason: string | null;
    actor: AppointmentActor;
    now: Date;
  },
): Promise<{ kind: 'created'; block: CreatedBlock } | Refused<BlockRefusal>> {
  const professional = await db.professional.findFirst({
    where: { id: request.professionalId, tenantId: request.tenantId },
    select: { id: true, tenant: { select: { timezone: true } } },
  });
  if (!professional) return refused({ kind: 'professional_not_found', professionalId: request.professionalId });
  const zone = professional.tenant.timezone;
  const from = instantOf(request.from, zone, 'from');
  if (from.kind === 'refused') return from;
  const to = instantOf(request.to, zone, 'to');
  if (to.kind === 'refused') return to;
  if (to.instant <= from.instant) return refused({ kind: 'block_ends_before_start', from: request.from, to: request.to });
  if (to.instant <= request.now.getTime()) return refused({ kind: 'block_past', to: request.to });
  const row = await db.professionalBlock.create({
    data: {
      tenantId: request.tenantId,
      professionalId: professional.id,
      startsAt: new Date(from.instant),
      endsAt: new Date(to.instant),
      reason: request.reason,
      ...actorColumns(request.actor),
    },
    select: { id: true, startsAt: true, endsAt: true },
  });
  const overlapping = await listOverlappingAppointments(db, {
    tenantId: request.tenantId,
    professionalId: professional.id,
    from: row.startsAt,
    to: row.endsAt,
  });
  return { kind: 'created', block: { ...row, overlapping } };
}

/**
 * Removes one of the tenant's blocks and tells the `onBlockRemoved` subscribers (the waitlist: its
 * time is free again) in the same transaction; false when there is none with that id (another
 * tenant's alike).
 */
export async function deleteProfessionalBlock(
  scheduling: Pick<SchedulingDeps, 'db' | 'onBlockRemoved'>,
  request: { tenantId: number; blockId: number; now: Date },
): Promise<boolean> {
  return inTransaction(scheduling.db, async (tx) => {
    const [deleted] = await tx.$queryRaw<{ professionalId: number; startsAt: Date; endsAt: Date }[]>`
      DELETE FROM professional_blocks WHERE id = ${request.blockId}::int AND tenant_id = ${request.tenantId}::int
      RETURNING professional_id AS "professionalId", starts_at AS "startsAt", ends_at AS "endsAt"`;
    if (!deleted) return false;
    for (const hook of scheduling.onBlockRemoved ?? []) await hook(tx, { tenantId: request.tenantId, ...deleted, at: request.now });
    return true;
  });
}

function instantOf(value: string, zone: string, field: 'from' | 'to'): { kind: 'instant'; instant: number } | Refused<BlockRefusal> {
  const parsed = parseLocalDateTime(value);
  if (!parsed) return refused({ kind: 'block_time_invalid', field, value });
  const instant = localInstant(parsed.date, parsed.minute, zone);
  if (localDateTimeOf(instant, zone) !== value) return refused({ kind: 'block_time_skipped', field, value, timezone: zone });
  return { kind: 'instant', instant };
}
