import { type Db, inTransaction, isExclusionViolation, isUniqueViolation } from '../db/index.js';
import { AppError } from '../shared/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import { type AppointmentView, appointmentViewSelect, toAppointmentView } from './appointment-view.js';
import { createAppointmentRow } from './create-appointment-row.js';
import { findOrCreateCustomer } from './find-or-create-customer.js';
import type { NormalizedPhone } from './normalize-phone.js';
import { resolveStaffSlot } from './resolve-staff-slot.js';

export interface StaffBookingRequest {
  tenantId: number;
  professionalId: number;
  serviceId: number;
  /** Local "YYYY-MM-DDTHH:mm". */
  start: string;
  customer: { name: string; phone: NormalizedPhone };
  outsideHours: boolean;
  /** The same key never books twice (the request's Idempotency-Key, or a fresh one). */
  idempotencyKey: string;
  actor: AppointmentActor;
  now: Date;
}

export interface StaffBookingOutcome {
  appointment: AppointmentView;
  /** true when this key had already booked it (a retried request). */
  alreadyExisted: boolean;
  outsideHours: boolean;
}

/**
 * A booking made by staff (walk-in, phone call) through the bot's own schedule and
 * constraint (see `resolveStaffSlot` for staff's rules), for the customer with this phone
 * number (matched across `wa_id` forms, or created). `source: staff`, with the actor in the
 * history. A race lost at insert is 409 `slot_taken`, like an overlap seen before it.
 */
export async function bookAppointmentByStaff(db: Db, request: StaffBookingRequest): Promise<StaffBookingOutcome> {
  const replay = await findByKey(db, request.tenantId, request.idempotencyKey);
  if (replay) return { appointment: replay, alreadyExisted: true, outsideHours: false };
  const slot = await resolveStaffSlot(db, request);
  const customer = await findOrCreateCustomer(db, { tenantId: request.tenantId, ...request.customer });
  try {
    const id = await inTransaction(db, (tx) =>
      createAppointmentRow(
        tx,
        {
          tenantId: request.tenantId,
          customerId: customer.id,
          professionalId: slot.professional.id,
          serviceId: slot.service.id,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          source: 'staff',
          idempotencyKey: request.idempotencyKey,
        },
        request.actor,
        request.now,
      ),
    );
    const created = await findByKey(db, request.tenantId, request.idempotencyKey);
    if (!created || created.id !== id) throw new Error(`appointment ${id} not found right after it was booked`);
    return { appointment: created, alreadyExisted: false, outsideHours: slot.outsideHours };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const concurrentReplay = await findByKey(db, request.tenantId, request.idempotencyKey);
      if (concurrentReplay) return { appointment: concurrentReplay, alreadyExisted: true, outsideHours: slot.outsideHours };
    }
    if (isExclusionViolation(error)) {
      throw new AppError('slot_taken', `${request.start} with ${slot.professional.name} was just taken`, 409);
    }
    throw error;
  }
}

async function findByKey(db: Db, tenantId: number, idempotencyKey: string): Promise<AppointmentView | null> {
  const row = await db.appointment.findFirst({ where: { tenantId, idempotencyKey }, select: appointmentViewSelect });
  return row ? toAppointmentView(row) : null;
}
