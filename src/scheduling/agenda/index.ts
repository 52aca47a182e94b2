// The staff agenda: the tenant's appointments by day with customers' names, closed days, and professionals' blocks.
export {
  AGENDA_DAY_LIMIT,
  AGENDA_RANGE_LIMIT,
  AGENDA_RANGE_MAX_DAYS,
  type AgendaAppointment,
  findAgendaAppointment,
  listAgendaRange,
  listDayAgenda,
  listOverlappingAppointments,
} from './agenda-appointment.js';
export { listClosedDays } from './list-closed-days.js';
export { type BlockRefusal, type CreatedBlock, createProfessionalBlock, deleteProfessionalBlock } from './professional-blocks.js';
export { type DayRevenue, revenueByDay } from './revenue-by-day.js';
