// The staff agenda: the tenant's appointments by day with customers' names, closed days, professionals' blocks,
// and the owner's overview figures (per day, occupancy per professional).
export {
  AGENDA_DAY_LIMIT,
  AGENDA_RANGE_LIMIT,
  AGENDA_RANGE_MAX_DAYS,
  type AgendaAppointment,
  type AgendaListing,
  findAgendaAppointment,
  listAgendaRange,
  listDayAgenda,
  listOverlappingAppointments,
} from './agenda-appointment.js';
export { listDayWorkingHours, type ProfessionalDayHours } from './day-working-hours.js';
export { type BookingsBySource, type DayFigures, figuresByDay } from './figures-by-day.js';
export type { ClosedDay } from './list-closed-days.js';
export { type BlockRefusal, type CreatedBlock, createProfessionalBlock, deleteProfessionalBlock } from './professional-blocks.js';
export {
  type ProfessionalOccupancy,
  professionalOccupancy,
  type WeeklyHours,
  workingMinutesBetween,
} from './professional-occupancy.js';
