import type { Db } from '../db/index.js';
import { AppError } from '../shared/index.js';
import { type AgendaAppointment, listOverlappingAppointments } from './agenda-appointment.js';
import { type AppointmentActor, actorColumns } from './appointment-actor.js';
import { localDateTimeOf, localInstant, parseLocalDateTime } from './local-time.js';

export interface CreatedBlock {
  id: number;
  startsAt: Date;
  endsAt: Date;
  /** Appointments (not cancelled) inside the block: listed for staff to handle, never cancelled here. */
  overlapping: AgendaAppointment[];
}

/**
 * A professional's ad-hoc time off from local `from` to `to` (the tenant's zone). From the
 * commit on, availability (the bot's and staff's) offers nothing inside it. Appointments it
 * overlaps stay as they are and are returned. Refuses: unknown professional (404, another
 * tenant's alike), `to` not after `from`, a time that does not exist (DST gap), or a block
 * that is already over (422).
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
): Promise<CreatedBlock> {
  const professional = await db.professional.findFirst({
    where: { id: request.professionalId, tenantId: request.tenantId },
    select: { id: true, tenant: { select: { timezone: true } } },
  });
  if (!professional) throw new AppError('not_found', 'professional not found', 404);
  const zone = professional.tenant.timezone;
  const startsAt = toInstant(request.from, zone, 'from');
  const endsAt = toInstant(request.to, zone, 'to');
  if (endsAt <= startsAt) throw new AppError('invalid_block', '"to" must be after "from"', 422);
  if (endsAt <= request.now.getTime()) throw new AppError('block_past', 'the block is already over', 422);
  const row = await db.professionalBlock.create({
    data: {
      tenantId: request.tenantId,
      professionalId: professional.id,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
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
  return { ...row, overlapping };
}

/** Removes one of the tenant's blocks; false when there is none with that id (another tenant's alike). */
export async function deleteProfessionalBlock(db: Db, request: { tenantId: number; blockId: number }): Promise<boolean> {
  const deleted = await db.professionalBlock.deleteMany({ where: { id: request.blockId, tenantId: request.tenantId } });
  return deleted.count > 0;
}

function toInstant(value: string, zone: string, field: 'from' | 'to'): number {
  const parsed = parseLocalDateTime(value);
  if (!parsed) throw new AppError('invalid_block', `"${field}" ${value} is not a real local date and time`, 422);
  const instant = localInstant(parsed.date, parsed.minute, zone);
  if (localDateTimeOf(instant, zone) !== value) throw new AppError('invalid_block', `"${field}" ${value} does not exist in ${zone}`, 422);
  return instant;
}
