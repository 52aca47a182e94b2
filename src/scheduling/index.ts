export { type AppointmentView, findCustomerAppointment } from './appointment-view.js';
export { type BookingOutcome, type BookingRequest, bookAppointment } from './book-appointment.js';
export { buildReceipts, type Receipt, receiptOf } from './build-receipt.js';
export { type CancellationOutcome, cancelAppointment } from './cancel-appointment.js';
export {
  type ConfirmedChange,
  localSlotOf,
  readConfirmedChanges,
  type ScheduleChangeKind,
  type ScheduleChangeRef,
  scheduleChangeOf,
} from './confirmed-writes.js';
export { createSchedulingTools, type SchedulingToolDeps } from './create-scheduling-tools.js';
export { type DayAvailability, findFreeSlots } from './find-free-slots.js';
export { findNearestFreeSlots } from './find-nearest-free-slots.js';
export { findNextDateWithSlots } from './find-next-date-with-slots.js';
export { formatDayTime } from './format-day-time.js';
export { toAgendamentoResumo, toBuscarHorariosResult, toServicoResumo } from './format-results.js';
export { listProfessionals, listServices, type ProfessionalWithServices, type ServiceWithProfessionals } from './list-catalog.js';
export { listCustomerAppointments } from './list-customer-appointments.js';
export type { BookingSettings, ServiceInfo } from './load-schedule.js';
export { localDateTimeOf } from './local-time.js';
export { recordScheduleChanges } from './record-schedule-changes.js';
export { type RescheduleOutcome, rescheduleAppointment } from './reschedule-appointment.js';
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
