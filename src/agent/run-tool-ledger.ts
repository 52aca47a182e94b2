import type { ClaimEvidence, ConfirmedWrite, KnownAppointment, WaitlistPlace } from '../answer-claims/index.js';
import { type ScheduleChangeRef, scheduleChangeRefOf } from '../scheduling/receipts/index.js';
import type { AppointmentChange, ClaimKind, ToolEffect } from '../shared/index.js';
import { toolCallFingerprint } from './tool-call-fingerprint.js';
import { TRANSFER_TOOL_NAME } from './transfer-to-human-tool.js';

interface LedgerEntry {
  name: string;
  fingerprint: string;
  isError: boolean;
  input: unknown;
  /** the handler's value (what agent_tool_calls.result keeps) */
  result?: unknown;
}

/** Finds a tool's definition (its effect) by the name the model used; undefined for an unknown tool. */
type FindToolEffect = (name: string) => ToolEffect | undefined;

/** One successful write: the change its definition says it makes and the appointment its output names. */
interface SuccessfulWrite {
  claims: ClaimKind;
  change: AppointmentChange;
}

/**
 * What the tools did so far in one run: how often each exact call was made (repetition),
 * which writes succeeded, what change each made and on which appointment (verified
 * success and receipts, from their definitions' `claims` and `changeOf`, never their names),
 * and whether the model asked for a person. A resumed run is seeded from the calls it
 * already recorded. The customer's existing appointments (`know`) complete the evidence an
 * answer is checked against.
 */
export class RunToolLedger {
  private readonly calls = new Map<string, number>();
  private readonly writes: SuccessfulWrite[] = [];
  private known: readonly KnownAppointment[] = [];
  /** waitlist places: the customer's own (from `know`), then those joined in this run */
  private readonly waitlist: WaitlistPlace[] = [];
  /** the customer's appointments whose deposit is paid, read when the run starts (no tool of the run pays one) */
  private paidDeposits: readonly KnownAppointment[] = [];
  private today: string | undefined;
  private transferReason: string | null = null;

  constructor(private readonly findEffect: FindToolEffect) {}

  static fromRecorded(
    rows: { name: string; input: unknown; isError: boolean; result?: unknown }[],
    findEffect: FindToolEffect,
  ): RunToolLedger {
    const ledger = new RunToolLedger(findEffect);
    for (const row of rows) ledger.record({ ...row, fingerprint: toolCallFingerprint(row.name, row.input) });
    return ledger;
  }

  record(entry: LedgerEntry): void {
    this.calls.set(entry.fingerprint, (this.calls.get(entry.fingerprint) ?? 0) + 1);
    if (entry.isError) return;
    const effect = this.findEffect(entry.name);
    if (effect?.effect === 'write') {
      const change = effect.changeOf(entry.result);
      if (change) this.writes.push({ claims: effect.claims, change });
    }
    if (effect?.effect === 'read' && effect.waitlistPlaceOf) {
      const place = effect.waitlistPlaceOf(entry.result);
      if (place) this.waitlist.push(place);
    }
    if (entry.name === TRANSFER_TOOL_NAME) {
      const motivo = (entry.input as { motivo?: unknown } | null)?.motivo;
      this.transferReason = typeof motivo === 'string' ? motivo.trim() : '';
    }
  }

  /** The customer's booked appointments, open waitlist places, paid deposits and today's local date, read when the run starts. */
  know(
    known: readonly KnownAppointment[],
    today: string,
    held: { waitlist?: readonly WaitlistPlace[]; paidDeposits?: readonly KnownAppointment[] } = {},
  ): void {
    this.known = known;
    this.today = today;
    this.waitlist.unshift(...(held.waitlist ?? []));
    this.paidDeposits = held.paidDeposits ?? [];
  }

  countCalls(fingerprint: string): number {
    return this.calls.get(fingerprint) ?? 0;
  }

  /** What backs an answer's claims: the confirmed writes of this run and the customer's appointments. */
  claimEvidence(): ClaimEvidence {
    const writes = this.writes.map(
      ({ claims, change }): ConfirmedWrite => ({
        kind: claims,
        appointmentId: change.appointmentId,
        date: change.date,
        start: change.start,
        end: change.end,
        ...(change.previous
          ? {
              previousAppointmentId: change.previous.appointmentId,
              previous: { date: change.previous.date, start: change.previous.start, end: change.previous.end },
            }
          : {}),
      }),
    );
    return {
      writes,
      known: this.known,
      waitlist: [...this.waitlist],
      paidDeposits: this.paidDeposits,
      ...(this.today ? { today: this.today } : {}),
    };
  }

  /** The appointments the successful writes of this run touched, in order: what the receipts re-read. */
  confirmedChanges(): ScheduleChangeRef[] {
    return this.writes.map(({ claims, change }) => scheduleChangeRefOf(claims, change));
  }

  /** The `motivo` of a successful transferir_para_humano call, or null when none happened. */
  transferRequested(): string | null {
    return this.transferReason;
  }
}
