import type { Queryable } from '../../db/index.js';
import type { ActorKind } from './appointment-actor.js';

export interface AppointmentHistoryEntry {
  at: Date;
  actor: { kind: ActorKind; id: number | null };
  change: string;
  details: unknown;
}

/** An appointment's history, oldest first (the caller has checked the appointment is the tenant's). */
export async function listAppointmentHistory(db: Queryable, tenantId: number, appointmentId: number): Promise<AppointmentHistoryEntry[]> {
  const rows = await db.appointmentEvent.findMany({
    where: { tenantId, appointmentId },
    orderBy: { id: 'asc' },
    take: 500,
    select: { createdAt: true, actorKind: true, actorId: true, change: true, details: true },
  });
  return rows.map((row) => ({
    at: row.createdAt,
    actor: { kind: row.actorKind as ActorKind, id: row.actorId },
    change: row.change,
    details: row.details,
  }));
}
