export {
  AGENDA_DAY_LIMIT,
  type AgendaAppointment,
  findAgendaAppointment,
  listDayAgenda,
  listOverlappingAppointments,
} from './agenda-appointment.js';
export { type ActorKind, type AppointmentActor, botActor } from './appointment-actor.js';
export {
  APPOINTMENT_SOURCES,
  APPOINTMENT_STATUSES,
  type AppointmentSource,
  type AppointmentStatus,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  UPCOMING_STATUSES,
} from './appointment-status.js';
export { type AppointmentView, findCustomerAppointment } from './appointment-view.js';
export { type BookingOutcome, type BookingRequest, bookAppointment } from './book-appointment.js';
export { bookAppointmentByStaff, type StaffBookingOutcome, type StaffBookingRequest } from './book-appointment-by-staff.js';
export { buildCalendarFeed, type FeedAppointment, type FeedBlock } from './build-calendar-feed.js';
export { buildReceipts, type Receipt, type ReceiptBusiness, type ReceiptItem, receiptOf, visitReceiptText } from './build-receipt.js';
export { CALENDAR_TOKEN_PATTERN, ensureCalendarFeedTokens, findCalendarFeed, rotateCalendarFeedToken } from './calendar-feed-token.js';
export { type CancellationOutcome, cancelAppointment } from './cancel-appointment.js';
export { cancelAppointmentByStaff } from './cancel-appointment-by-staff.js';
export { confirmAppointment } from './confirm-appointment.js';
export {
  type ConfirmedChange,
  localSlotOf,
  readConfirmedChanges,
  type ScheduleChangeRef,
  scheduleChangeRefOf,
} from './confirmed-writes.js';
export {
  createSchedulingToolSet,
  createSchedulingTools,
  type SchedulingToolDeps,
  type SchedulingToolSet,
} from './create-scheduling-tools.js';
export { type DayAvailability, findFreeSlots } from './find-free-slots.js';
export { findNearestFreeSlots } from './find-nearest-free-slots.js';
export { findNextDateWithSlots } from './find-next-date-with-slots.js';
export { findCustomerByPhone, findOrCreateCustomer } from './find-or-create-customer.js';
export { findStaffAvailability } from './find-staff-availability.js';
export { formatDayTime } from './format-day-time.js';
export { toAgendamentoResumo, toBuscarHorariosResult, toServicoResumo } from './format-results.js';
export { type AppointmentHistoryEntry, listAppointmentHistory } from './list-appointment-history.js';
export { listProfessionals, listServices, type ProfessionalWithServices, type ServiceWithProfessionals } from './list-catalog.js';
export { listCustomerAppointments } from './list-customer-appointments.js';
export { loadCalendarFeed } from './load-calendar-feed.js';
export type { BookingSettings, ServiceInfo } from './load-schedule.js';
export { type NormalizedPhone, normalizePhone, waIdVariants } from './normalize-phone.js';
export { type CreatedBlock, createProfessionalBlock, deleteProfessionalBlock } from './professional-blocks.js';
export { recordAttendance } from './record-attendance.js';
export { recordScheduleChanges } from './record-schedule-changes.js';
export { type RescheduleOutcome, rescheduleAppointment } from './reschedule-appointment.js';
export { rescheduleAppointmentByStaff, type StaffRescheduleOutcome } from './reschedule-appointment-by-staff.js';
export { STAFF_PAST_GRACE_MINUTES } from './resolve-staff-slot.js';
export {
  agendarInput,
  buscarHorariosInput,
  cancelarInput,
  listarProfissionaisInput,
  listarServicosInput,
  meusAgendamentosInput,
  remarcarInput,
} from './scheduling-tool-inputs.js';
export type {
  AgendamentoResumo,
  AgendarResult,
  BuscarHorariosResult,
  CancelarResult,
  FaixaLivre,
  ListarProfissionaisResult,
  ListarServicosResult,
  MeusAgendamentosResult,
  ProfissionalResumo,
  RemarcarResult,
  ServicoResumo,
} from './tool-results.js';
export type { TransitionOutcome, TransitionRefusal } from './transition-appointment.js';
