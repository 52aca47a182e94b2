export type {
  Appointment,
  AppointmentDeposit,
  AppointmentMove,
  CompactAgendaListing,
  CompactAppointment,
  CreatedBlock,
  CustomerAppointment,
  CustomerNotification,
  CustomerRecord,
  CustomerSummary,
  DayHours,
  Professional,
  Service,
  TimeOffSpan,
  WaitlistItem,
} from './agenda-bodies.js';
export type {
  Assignee,
  ConsoleEvent,
  ConversationDetail,
  ConversationList,
  ConversationListEntry,
  ConversationMessage,
  QueueItem,
  QuickReply,
  Session,
  StaffMember,
} from './inbox-bodies.js';
export type { Same, Sent } from './sent.js';
export type {
  ResourceItem,
  SalonSettings,
  SettingsChangeItem,
  SettingsProfessional,
  SettingsResource,
  SettingsService,
  TenantFileChangeItem,
  WeekdayKey,
} from './settings-bodies.js';
export type {
  BookingsBySource,
  ConsoleStats,
  HandoffReasonRow,
  HandoffReasonStats,
  Overview,
  OverviewDay,
} from './stats-bodies.js';
export type { AppointmentSource, AppointmentStatus, HandoffStatus, RunExitOrRunning, StaffRole } from './vocabularies.js';
