import type { ConsoleEvent } from '../contract/index.js';
import type { Db } from '../db/index.js';

/** What changed for a tenant since the last poll (the contract's type: the console reads it as sent). */
export type { ConsoleEvent };

export type ConsoleEventListener = (event: ConsoleEvent) => void;

interface OpenHandoffRow {
  id: number;
  status: string;
  attendant: string | null;
}

/**
 * Watches one tenant's open handoffs, new messages and appointment changes by a short poll of
 * PostgreSQL. Polling the database (not an in-process emitter) is what makes it right with
 * separate web and worker processes: whoever wrote the row, every web process sees it within
 * one interval. The message and appointment-history scans start after the highest id at
 * subscription and walk the primary key (every booking, move and status change writes one
 * `appointment_events` row in its own transaction).
 */
export class TenantChangePoller {
  private lastMessageId = 0;
  private lastAppointmentEventId = 0;
  private openSignature: string | null = null;
  private knownPending = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly tenantId: number,
    private readonly intervalMs: number,
    private readonly emit: (event: ConsoleEvent) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    const [row] = await this.db.$queryRaw<{ max: number | null }[]>`SELECT max(id) AS max FROM messages`;
    this.lastMessageId = row?.max ?? 0;
    const [events] = await this.db.$queryRaw<{ max: number | null }[]>`SELECT max(id) AS max FROM appointment_events`;
    this.lastAppointmentEventId = events?.max ?? 0;
    await this.pollHandoffs(false);
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async tick(): Promise<void> {
    if (this.running || !this.timer) return;
    this.running = true;
    try {
      await this.pollHandoffs(true);
      await this.pollMessages();
      await this.pollAppointments();
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = false;
    }
  }

  private async pollHandoffs(emitChanges: boolean): Promise<void> {
    const rows = await this.db.$queryRaw<OpenHandoffRow[]>`
      SELECT id, status, attendant FROM handoffs
      WHERE tenant_id = ${this.tenantId} AND status IN ('pending', 'claimed') ORDER BY id`;
    const signature = rows.map((row) => `${row.id}:${row.status}:${row.attendant ?? ''}`).join(',');
    const pending = rows.filter((row) => row.status === 'pending').map((row) => row.id);
    const newPendingIds = pending.filter((id) => !this.knownPending.has(id));
    this.knownPending = new Set(pending);
    if (signature === this.openSignature) return;
    this.openSignature = signature;
    if (emitChanges) this.emit({ type: 'handoffs', pending: pending.length, claimed: rows.length - pending.length, newPendingIds });
  }

  private async pollMessages(): Promise<void> {
    const rows = await this.db.$queryRaw<{ id: number; conversation_id: number; direction: string; author: string }[]>`
      SELECT id, conversation_id, direction, author FROM messages
      WHERE id > ${this.lastMessageId} AND tenant_id = ${this.tenantId} ORDER BY id LIMIT 500`;
    for (const row of rows) {
      this.lastMessageId = row.id;
      this.emit({ type: 'message', conversationId: row.conversation_id, messageId: row.id, direction: row.direction, author: row.author });
    }
  }

  private async pollAppointments(): Promise<void> {
    const rows = await this.db.$queryRaw<{ id: number; appointment_id: number }[]>`
      SELECT id, appointment_id FROM appointment_events
      WHERE id > ${this.lastAppointmentEventId} AND tenant_id = ${this.tenantId} ORDER BY id LIMIT 500`;
    const last = rows.at(-1);
    if (!last) return;
    this.lastAppointmentEventId = last.id;
    this.emit({ type: 'appointments', appointmentIds: [...new Set(rows.map((row) => row.appointment_id))] });
  }
}
