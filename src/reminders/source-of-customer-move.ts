import type { Queryable } from '../db/index.js';
import type { AppointmentSource } from '../scheduling/appointments/index.js';
import type { CustomerMoveSource } from '../scheduling/tools/index.js';

/**
 * The source of a move the customer asks for: `reminder` when they answered one of the
 * appointment's reminders with Remarcar (the move is that reminder's flow), else `bot`.
 * Reminders own the answers, so the bot's tools ask here (boot/ wires it) instead of reading
 * this table themselves.
 */
export function sourceOfCustomerMove(db: Queryable): CustomerMoveSource {
  return async (appointment): Promise<AppointmentSource> => {
    const asked = await db.appointmentReminder.count({
      where: {
        tenantId: appointment.tenantId,
        customerId: appointment.customerId,
        appointmentId: appointment.appointmentId,
        answer: 'reschedule',
      },
    });
    return asked > 0 ? 'reminder' : 'bot';
  };
}
