import type { Db } from '../db/index.js';
import { AppError, ToolDomainException } from '../shared/index.js';
import { findFreeSlots } from './find-free-slots.js';
import { dayClock } from './local-time.js';

/** Refusals of `buscar_horarios` that mean "nothing to offer on that day", not a bad request. */
const EMPTY_DAY_CODES = new Set(['date_past', 'beyond_horizon', 'no_working_hours']);

/**
 * Exactly the free starts `buscar_horarios` offers for that professional, date and service
 * (the same `findFreeSlots` at the same "now"), as local "HH:mm". A day the bot offers
 * nothing on (past, beyond the horizon, no working hours) is an empty list with its reason.
 * Unknown professional or service → 404; a service the professional does not do → 422.
 */
export async function findStaffAvailability(
  db: Db,
  query: { tenantId: number; professionalId: number; serviceId?: number | null; date: string; now: Date },
): Promise<{ slots: string[]; reason?: string }> {
  try {
    const day = await findFreeSlots(db, query);
    const clock = dayClock(day.date, day.settings.timezone);
    return { slots: day.slots.map((slot) => clock.timeOf(slot)) };
  } catch (error) {
    if (!(error instanceof ToolDomainException)) throw error;
    if (EMPTY_DAY_CODES.has(error.code)) return { slots: [], reason: error.code };
    if (error.code === 'professional_not_found') throw new AppError('not_found', 'professional not found', 404);
    if (error.code === 'service_not_found') throw new AppError('not_found', 'service not found', 404);
    if (error.code === 'invalid_date') throw new AppError('invalid_request', 'invalid request: query.date', 400);
    throw new AppError(error.code, 'the professional does not do this service', 422);
  }
}
