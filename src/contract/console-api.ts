// The bodies the console reads, as JSON (times are strings). The server's body builders are
// declared to return `Sent<…>` of these, so a field the console relies on cannot go missing or
// change type without the server's build failing; the console imports them type-only.
import type { AppointmentSource, AppointmentStatus, HandoffStatus, RunExitOrRunning, StaffRole } from './vocabularies.js';

/** `GET /console/api/session` */
export interface Session {
  staff: { id: number; name: string; email: string; role: StaffRole; mustChangePassword: boolean };
  tenant: { name: string; timezone: string };
  csrfToken: string;
}

/** One item of `GET /admin/handoffs` */
export interface QueueItem {
  id: number;
  conversationId: number;
  customer: { id: number; name: string | null; phone: string | null; username: string | null };
  reason: string;
  reasonLabel: string;
  note: string | null;
  status: HandoffStatus;
  attendant: string | null;
  createdAt: string;
  claimedAt: string | null;
  waitSeconds: number;
}

/** One item of `GET /admin/conversations` */
export interface ConversationListEntry {
  id: number;
  customer: { id: number; name: string | null; phone: string | null; username: string | null };
  lastMessageAt: string;
  handledBy: 'bot' | 'staff';
  /** `open` (the bot's), `pending`, `claimed`, or `closed` (resolved without returning it to the bot) */
  status: 'open' | 'pending' | 'claimed' | 'closed';
  openHandoff: {
    id: number;
    status: 'pending' | 'claimed';
    reason: string;
    reasonLabel: string;
    attendant: string | null;
    /** the staff account `attendant` names (null for a name an API key gave, or the owner's app): "mine" is this id */
    attendantStaffId: number | null;
  } | null;
  /** the customer's messages since the last reply */
  unread: number;
  lastMessage: { direction: string; author: string; type: string; text: string | null } | null;
}

/** `GET /admin/conversations` */
export interface ConversationList {
  items: ConversationListEntry[];
  nextCursor: string | null;
}

/** Bookings by how they were made (the appointment's `source`) */
export interface BookingsBySource {
  bot: number;
  staff: number;
  reminder: number;
  waitlist: number;
}

/** One local day of `GET /admin/stats/overview` (or the period's totals, without `date`) */
export interface OverviewDay {
  date: string;
  bookings: BookingsBySource;
  attended: number;
  noShows: number;
  cancellations: number;
  bookedRevenueCents: number;
  attendedRevenueCents: number;
}

/** `GET /admin/stats/overview?from=&to=` (owners only): local dates, both included */
export interface Overview {
  from: string;
  to: string;
  timezone: string;
  days: OverviewDay[];
  totals: Omit<OverviewDay, 'date'>;
  professionals: { id: number; name: string; bookedMinutes: number; workingMinutes: number; occupancy: number | null }[];
  conversations: { total: number; finishedByBot: number; botShare: number | null };
  handoffWait: { p50Seconds: number | null; p90Seconds: number | null; claimed: number; unclaimed: number };
  reminders: { remindedAppointments: number; confirmedThroughReminder: number; confirmationRate: number | null };
  /** deposits by Pix of the period's appointments: collected (kept), of those forfeited, refunded, expired unpaid */
  deposits: {
    collected: number;
    collectedCents: number;
    forfeited: number;
    forfeitedCents: number;
    refunded: number;
    refundedCents: number;
    expired: number;
  };
}

/** One item of `GET /admin/assignees`: an active colleague a conversation can be assigned to */
export interface Assignee {
  id: number;
  name: string;
}

/** One item of `GET /admin/quick-replies` */
export interface QuickReply {
  id: number;
  /** typed after "/" in the reply box */
  shortcut: string;
  text: string;
}

/** One item of `GET /admin/staff` (owners only) */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  mustChangePassword: boolean;
  createdAt: string;
}

/** One message of `GET /admin/conversations/:id` */
export interface ConversationMessage {
  id: number;
  direction: string;
  author: string;
  attendant: string | null;
  type: string;
  text: string | null;
  status: string;
  errorCode: string | null;
  errorTitle: string | null;
  createdAt: string;
  /** `message` (exchanged on WhatsApp) or `note` (a staff member's internal note, never sent; `attendant` wrote it);
   * other kinds some versions record (receipt, reminder…) */
  kind?: string | null;
}

/** `GET /admin/conversations/:id` */
export interface ConversationDetail {
  /** `closedAt`: a person resolved the chat without returning it to the bot (silent until given back or a day later) */
  conversation: { id: number; createdAt: string; lastInboundAt: string | null; closedAt: string | null };
  customer: { id: number; name: string | null; phone: string | null; username: string | null };
  messages: ConversationMessage[];
  hasOlderMessages: boolean;
  openHandoff: {
    id: number;
    status: string;
    reason: string;
    reasonLabel: string;
    note: string | null;
    attendant: string | null;
    /** the staff account `attendant` names (null for a name an API key gave, or the owner's app) */
    attendantStaffId: number | null;
    createdAt: string;
  } | null;
  /** WhatsApp's 24-hour window; when closed, the template (`templates.reopenConversation`) that reopens the chat, if any */
  customerWindow: { open: boolean; reopenTemplate: string | null };
}

/** One item of `GET /console/api/conversations/:id/appointments` */
export interface CustomerAppointment {
  id: number;
  start: string;
  end: string;
  status: AppointmentStatus;
  service: string;
  professional: string;
}

/** One item of `GET /admin/appointments` (local `YYYY-MM-DDTHH:mm` times) */
export interface Appointment {
  id: number;
  start: string;
  end: string;
  status: AppointmentStatus;
  source: AppointmentSource;
  professional: { id: number; name: string };
  service: { id: number; name: string };
  customer: { id: number; name: string | null; phone: string | null };
  /** the visit it belongs to (several services booked together; every row of it has the same), null for one service */
  visitId: number | null;
  /** its price at booking, in cents; null without one */
  priceCents: number | null;
  /** set on the row an older move left behind (status `cancelled`; moves now keep the id): the appointment it became; shown as moved, not cancelled */
  rescheduledToId: number | null;
  /** when it was last moved to another time or professional (local `YYYY-MM-DDTHH:mm`; same id), null if never */
  rescheduledAt: string | null;
  /** the deposit by Pix it waited for (docs/deposits.md); absent when it needed none */
  deposit?: AppointmentDeposit;
}

/**
 * One item of the compact listing (`GET /admin/appointments?…&compact=true`, what the console
 * asks for): an `Appointment` that names its professional and service by id (the listing names
 * each once, in `professionals` and `services`) and leaves out the fields that would be null.
 */
export interface CompactAppointment {
  id: number;
  start: string;
  end: string;
  status: AppointmentStatus;
  source: AppointmentSource;
  professionalId: number;
  serviceId: number;
  customer: { id: number; name: string | null; phone: string | null };
  visitId?: number;
  priceCents?: number;
  rescheduledToId?: number;
  rescheduledAt?: string;
  deposit?: AppointmentDeposit;
}

/** `GET /admin/appointments?…&compact=true`: the listing's items with the names they share given once */
export interface CompactAgendaListing {
  timezone: string;
  closedDays: { date: string; name: string }[];
  /** every professional an item names, by id */
  professionals: { id: number; name: string }[];
  /** every service an item names, by id */
  services: { id: number; name: string }[];
  items: CompactAppointment[];
}

/** A deposit's state as staff see it on an appointment */
export interface AppointmentDeposit {
  status: 'pending' | 'paid' | 'expired' | 'refunded' | 'waived';
  amountCents: number;
}

/** Whether the customer was told of a staff change (`notification` of a cancel or a move) */
export type CustomerNotification =
  | { customerNotified: true; channel: 'whatsapp_text' | 'whatsapp_template' }
  | { customerNotified: false; reason: string; message: string };

/** `POST /admin/appointments/:id/reschedule`: the same appointment (same id) now and as it was before the move */
export interface AppointmentMove {
  appointment: Appointment;
  /** null when nothing changed (a repeated request) */
  previous: Appointment | null;
  unchanged: boolean;
  notification: CustomerNotification;
}

/** One item of `GET /admin/customers?q=` (the phone in full, E.164) */
export interface CustomerSummary {
  id: number;
  name: string | null;
  phone: string | null;
}

/** `GET /admin/customers/:id`: the front desk's customer record (local `YYYY-MM-DDTHH:mm` times) */
export interface CustomerRecord extends CustomerSummary {
  username: string | null;
  /** staff's notes on the customer; null without any */
  notes: string | null;
  /** appointments recorded as no-show */
  noShows: number;
  /** every status, latest first; `rescheduledAt` when it was moved (same id); `rescheduledToId` on the row an older move left behind (shown as moved, not cancelled) */
  appointments: {
    id: number;
    start: string;
    end: string;
    status: AppointmentStatus;
    source: AppointmentSource;
    professional: { id: number; name: string };
    service: { id: number; name: string };
    rescheduledToId: number | null;
    rescheduledAt: string | null;
  }[];
  /** ISO instants */
  conversations: { id: number; lastInboundAt: string | null; updatedAt: string }[];
}

/** One item of `GET /admin/services` */
export interface Service {
  id: number;
  name: string;
  durationMinutes: number;
  /** what the customer pays, in cents; null without a price */
  priceCents: number | null;
  /** true: the price is a minimum ("a partir de") */
  priceFrom: boolean;
  /** the price as the customer reads it: "R$ 60,00", "a partir de R$ 80,00", null without one */
  price: string | null;
  bufferAfterMinutes: number;
  /** the service a variant belongs to (variants follow their parent); null for a service */
  parentId: number | null;
}

/** One item of `GET /admin/professionals` */
export interface Professional {
  id: number;
  name: string;
  serviceIds: number[];
}

/** One item of `GET /console/api/blocks` (local times) */
export interface CreatedBlock {
  id: number;
  professionalId: number;
  from: string;
  to: string;
  reason: string | null;
}

/** One span of a professional's time off from the tenant file (`timeOff` of `GET /console/api/blocks`; local times) */
export interface TimeOffSpan {
  professionalId: number;
  from: string;
  to: string;
}

/** One reason of `GET /admin/stats/handoff-reasons` */
export interface HandoffReasonRow {
  reason: string;
  label: string;
  count: number;
  claimed: number;
  unclaimed: number;
  medianWaitSeconds: number | null;
  p90WaitSeconds: number | null;
}

/** `GET /admin/stats/handoff-reasons` */
export interface HandoffReasonStats {
  reasons: HandoffReasonRow[];
  total: { count: number };
}

/** `GET /console/api/stats` */
export interface ConsoleStats {
  /** agent runs started in the period, by `agent_runs.exit` (`running` while unfinished), each with the server's pt-BR label */
  runsByExit: { exit: RunExitOrRunning; label: string; count: number }[];
  /** appointments that started in the period and before now, by status */
  appointmentsByStatus: { status: string; count: number }[];
  /** no-shows over appointments whose attendance was marked; null when none was marked */
  noShowRate: number | null;
  /** reminded appointments the customer confirmed with the reminder's button, over reminded ones; null when none was reminded */
  confirmationRate: number | null;
  /** the same no-show rate among reminded appointments confirmed through a reminder, and among the others */
  noShowRateConfirmed: number | null;
  noShowRateUnconfirmed: number | null;
}

/** What the console's event stream (`GET /console/api/events`) sends when a tenant's inbox changes. */
export type ConsoleEvent =
  | { type: 'handoffs'; pending: number; claimed: number; newPendingIds: number[] }
  | { type: 'message'; conversationId: number; messageId: number; direction: string; author: string }
  /** appointments that changed (booked, moved, confirmed, cancelled, attendance), by whoever: the bot, a reminder, staff */
  | { type: 'appointments'; appointmentIds: number[] };

/** A weekday key of a professional's `hours` (as in the tenant file). */
export type WeekdayKey = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';

/** A service of `GET /admin/settings`, as in the tenant file, with its id. */
export interface SettingsService {
  id: number | null;
  key: string;
  name: string;
  durationMinutes: number;
  priceCents?: number;
  priceFrom?: boolean;
  bufferAfterMinutes?: number;
  resources?: string[];
  variants: { id: number | null; key: string; name: string; durationMinutes?: number; priceCents?: number; priceFrom?: boolean }[];
}

/** A shared resource of `GET /admin/settings` (a room, a chair, a machine), as in the tenant file, with its id. */
export interface SettingsResource {
  id: number | null;
  key: string;
  name: string;
  /** how many services can use it at once */
  count: number;
}

/** A resource of `GET /admin/resources`, with the active services that need it. */
export interface ResourceItem extends SettingsResource {
  services: { id: number; name: string }[];
}

/** What an uploaded tenant file changed (`POST /admin/tenant-file`), entry by entry; as tenant/describeTenantFileChanges. */
export interface TenantFileChangeItem {
  change: 'added' | 'changed' | 'retired';
  entity: 'service' | 'variant' | 'resource' | 'professional' | 'salon';
  key: string;
  name: string;
  fields: string[];
}

/** A recorded change to the salon (`GET /admin/settings/changes`), newest first. */
export interface SettingsChangeItem {
  id: number;
  at: string;
  /** staff_account: the account's name; api_key: its label and prefix; cli: the operator's `npm run tenant -- import` (no name) */
  actor: { kind: 'staff_account' | 'api_key' | 'cli'; name: string | null };
  /** settings | service_added | service_changed | service_retired | professional_… | resource_… | file_imported */
  change: string;
  targetKey: string | null;
  /** what a file import changed; null for the other changes */
  changes: TenantFileChangeItem[] | null;
}

/** A professional of `GET /admin/settings`, as in the tenant file, with its id. */
export interface SettingsProfessional {
  id: number | null;
  key: string;
  name: string;
  services: (string | { key: string; priceCents?: number; durationMinutes?: number })[];
  hours: Partial<Record<WeekdayKey, [string, string][]>>;
  timeOff?: { from: string; to: string }[];
}

/** `GET /admin/settings` (owner): the tenant file's settings, the catalogue with ids, the first-run checklist */
export interface SalonSettings {
  name: string;
  timezone: string;
  assistant: { businessInfo: string; address?: string; paymentMethods?: string; ownerReplyPauseMinutes?: number };
  booking: { minNoticeMinutes: number; horizonDays: number; slotStepMinutes: number; cancelNoticeMinutes?: number };
  reminders: { beforeMinutes: number; template: string; language: string }[];
  holidays: { country: string; state?: string; city?: string; open?: string[]; closed?: string[] } | null;
  /** rooms, basins, chairs: a service that needs one holds one unit */
  resources: SettingsResource[];
  services: SettingsService[];
  professionals: SettingsProfessional[];
  checklist: { steps: { step: 'services' | 'professionals' | 'hours' | 'test_booking'; done: boolean }[]; done: boolean };
}

/** One item of `GET /admin/waitlist`: an open entry (`open` waiting, `offered` with an offer on hold) */
export interface WaitlistItem {
  id: number;
  customer: { id: number; name: string | null; phone: string | null };
  serviceId: number;
  /** the local day wanted, YYYY-MM-DD */
  date: string;
  /** manha, tarde or noite; null for any time of the day */
  period: 'manha' | 'tarde' | 'noite' | null;
  /** null: anyone who does the service */
  professionalId: number | null;
  status: 'open' | 'offered';
  /** ISO instant */
  createdAt: string;
}

/** A professional's working hours on one date (`hours` of `GET /console/api/blocks`): local "HH:mm" pairs, "24:00" the day's end */
export interface DayHours {
  professionalId: number;
  intervals: [string, string][];
}
