// Appointments: the one booking, move and cancellation path for bot and staff (a policy says
// whose rules apply), status changes and history, the refusal union, and the in-transaction
// "appointment changed" event its subscribers (reminders; the waitlist and deposits next) hear.
export { type ActorKind, type AppointmentActor, actorColumns, botActor } from './appointment-actor.js';
export type {
  AppointmentChanged,
  AppointmentChangedHook,
  BlockRemoved,
  BlockRemovedHook,
  ChangedAppointment,
  SchedulingDeps,
} from './appointment-changed.js';
export type { AppointmentRefusal, AppointmentRefusalKind } from './appointment-refusal.js';
export {
  APPOINTMENT_SOURCES,
  APPOINTMENT_STATUSES,
  type AppointmentSource,
  type AppointmentStatus,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  isReleasedStatus,
  isUpcomingStatus,
  RELEASED_STATUSES,
  toAppointmentSource,
  toAppointmentStatus,
  UPCOMING_STATUSES,
} from './appointment-status.js';
export { type AppointmentView, findAppointment, findCustomerAppointment, findVisitAppointments, localSlotOf } from './appointment-view.js';
export {
  type BookAppointmentOutcome,
  type BookAppointmentRequest,
  type BookingCustomer,
  bookAppointment,
} from './book-appointment.js';
export { type BookVisitOutcome, type BookVisitRequest, bookVisit } from './book-visit.js';
export { type BookingPolicy, type BookingRules, customerPolicy, STAFF_PAST_GRACE_MINUTES, staffPolicy } from './booking-policy.js';
export { type CancelAppointmentRequest, cancelAppointment, decideCancellation } from './cancel-appointment.js';
export { confirmAppointment, decideConfirmation } from './confirm-appointment.js';
export {
  type DepositDemand,
  type DepositHold,
  type DepositRule,
  decideDeposit,
  depositAmountCents,
  findDepositHold,
  readDepositRule,
} from './deposit-rule.js';
export { beforeLatestMove, findMoveByKey } from './find-move-by-key.js';
export { type AppointmentHistoryEntry, listAppointmentHistory } from './list-appointment-history.js';
export { listCustomerAppointments } from './list-customer-appointments.js';
export { decideAttendance, recordAttendance } from './record-attendance.js';
export {
  type RescheduleAppointmentOutcome,
  type RescheduleAppointmentRequest,
  rescheduleAppointment,
  type VisitMove,
} from './reschedule-appointment.js';
export { type DepositSettlement, type SettleDepositHoldOutcome, settleDepositHold } from './settle-deposit-hold.js';
export type { TransitionDecision, TransitionOutcome, TransitionRefusal } from './transition-appointment.js';
