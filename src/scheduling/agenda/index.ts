// The staff agenda: the tenant's appointments by day with customers' names, and professionals' blocks.
export {
  AGENDA_DAY_LIMIT,
  type AgendaAppointment,
  findAgendaAppointment,
  listDayAgenda,
  listOverlappingAppointments,
} from './agenda-appointment.js';
export { type BlockRefusal, type CreatedBlock, createProfessionalBlock, deleteProfessionalBlock } from './professional-blocks.js';
