// The inbox and its conversations, the team and the live events, as the console reads them (JSON:
// times are strings). The server's body builders return `Sent<…>` of these, so a field the console
// relies on cannot go missing or change type without the server's build failing.
import type { HandoffStatus, StaffRole } from './vocabularies.js';

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

/** What the console's event stream (`GET /console/api/events`) sends when a tenant's inbox changes. */
export type ConsoleEvent =
  | { type: 'handoffs'; pending: number; claimed: number; newPendingIds: number[] }
  | { type: 'message'; conversationId: number; messageId: number; direction: string; author: string }
  /** appointments that changed (booked, moved, confirmed, cancelled, attendance), by whoever: the bot, a reminder, staff */
  | { type: 'appointments'; appointmentIds: number[] };
