export type {
  Appointment,
  Assignee,
  ConsoleEvent,
  ConsoleStats,
  ConversationDetail,
  ConversationList,
  ConversationListEntry,
  ConversationMessage,
  CreatedBlock,
  CustomerAppointment,
  CustomerRecord,
  CustomerSummary,
  HandoffReasonRow,
  HandoffReasonStats,
  Professional,
  QueueItem,
  QuickReply,
  Service,
  Session,
  StaffMember,
} from './console-api.js';
export type { Same, Sent } from './sent.js';
export type { AppointmentSource, AppointmentStatus, HandoffStatus, RunExitOrRunning, StaffRole } from './vocabularies.js';
