export interface Session {
  staff: { name: string; email: string; role: 'owner' | 'attendant'; mustChangePassword: boolean };
  tenant: { name: string; timezone: string };
  csrfToken: string;
}

export interface QueueItem {
  id: number;
  conversationId: number;
  customer: { id: number; name: string | null; phone: string };
  reason: string;
  reasonLabel: string;
  note: string | null;
  status: 'pending' | 'claimed' | 'resolved';
  attendant: string | null;
  createdAt: string;
  claimedAt: string | null;
  waitSeconds: number;
}

export interface ConversationMessage {
  id: number;
  direction: 'inbound' | 'outbound';
  author: string;
  attendant: string | null;
  type: string;
  text: string | null;
  status: string;
  errorCode: string | null;
  errorTitle: string | null;
  createdAt: string;
  /** message kinds some versions record (receipt, reminder…) */
  kind?: string | null;
}

export interface ConversationDetail {
  conversation: { id: number; createdAt: string; lastInboundAt: string | null };
  customer: { id: number; name: string | null; phone: string; username?: string | null };
  messages: ConversationMessage[];
  hasOlderMessages: boolean;
  openHandoff: {
    id: number;
    status: 'pending' | 'claimed';
    reason: string;
    reasonLabel: string;
    note: string | null;
    attendant: string | null;
    createdAt: string;
  } | null;
}

export interface CustomerAppointment {
  id: number;
  start: string;
  end: string;
  status: string;
  service: string;
  professional: string;
}

export interface Appointment {
  id: number;
  start: string;
  end: string;
  status: 'booked' | 'confirmed' | 'cancelled' | 'attended' | 'no_show';
  source: 'bot' | 'staff' | 'reminder';
  professional: { id: number; name: string };
  service: { id: number; name: string };
  customer: { id: number; name: string | null; phone: string | null };
}

export interface Service {
  id: number;
  name: string;
  durationMinutes: number;
}

export interface Professional {
  id: number;
  name: string;
  serviceIds: number[];
}
