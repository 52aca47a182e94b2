export type {
  Appointment,
  ConsoleEvent,
  ConsoleStats,
  ConversationDetail,
  ConversationMessage,
  CreatedBlock,
  CustomerAppointment,
  CustomerRecord,
  CustomerSummary,
  HandoffReasonRow,
  HandoffReasonStats,
  Professional,
  QueueItem,
  Service,
  Session,
} from './console-api.js';
export type { Same, Sent } from './sent.js';
export type { AppointmentSource, AppointmentStatus, HandoffStatus, RunExitOrRunning, StaffRole } from './vocabularies.js';
