import type { Clock, Logger } from '../../shared/index.js';
import type { AppointmentSource, SchedulingDeps } from '../appointments/index.js';

/**
 * The `source` of a move the customer asks for: `reminder` when it continues one of the
 * appointment's reminders (reminders know; boot/ wires it), else `bot`.
 */
export type CustomerMoveSource = (appointment: {
  tenantId: number;
  customerId: number;
  appointmentId: number;
}) => Promise<AppointmentSource>;

/** What the scheduling tools run on. */
export interface SchedulingToolDeps {
  scheduling: SchedulingDeps;
  clock: Clock;
  logger: Logger;
  sourceOfCustomerMove: CustomerMoveSource;
}
