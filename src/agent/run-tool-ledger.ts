import { type ScheduleChangeRef, scheduleChangeOf } from '../scheduling/index.js';
import { toolCallFingerprint } from './tool-call-fingerprint.js';
import { TRANSFER_TOOL_NAME } from './transfer-to-human-tool.js';

/** Tools whose success changes an appointment: only they can back a "booked/cancelled" claim. */
export const WRITE_TOOL_NAMES = new Set(['agendar', 'cancelar', 'remarcar']);

export interface LedgerEntry {
  name: string;
  fingerprint: string;
  isError: boolean;
  input: unknown;
  /** the handler's value (what agent_tool_calls.result keeps) */
  result?: unknown;
}

/**
 * What the tools did so far in one run: how often each exact call was made (repetition),
 * whether a write tool succeeded (verified success) and whether the model asked for a
 * person. A resumed run is seeded from the calls it already recorded.
 */
export class RunToolLedger {
  private readonly calls = new Map<string, number>();
  private readonly writesSucceeded = new Set<string>();
  private readonly changes: ScheduleChangeRef[] = [];
  private transferReason: string | null = null;

  static fromRecorded(rows: { name: string; input: unknown; isError: boolean; result?: unknown }[]): RunToolLedger {
    const ledger = new RunToolLedger();
    for (const row of rows) ledger.record({ ...row, fingerprint: toolCallFingerprint(row.name, row.input) });
    return ledger;
  }

  record(entry: LedgerEntry): void {
    this.calls.set(entry.fingerprint, (this.calls.get(entry.fingerprint) ?? 0) + 1);
    if (entry.isError) return;
    if (WRITE_TOOL_NAMES.has(entry.name)) {
      this.writesSucceeded.add(entry.name);
      const change = scheduleChangeOf(entry.name, entry.result);
      if (change) this.changes.push(change);
    }
    if (entry.name === TRANSFER_TOOL_NAME) {
      const motivo = (entry.input as { motivo?: unknown } | null)?.motivo;
      this.transferReason = typeof motivo === 'string' ? motivo.trim() : '';
    }
  }

  countCalls(fingerprint: string): number {
    return this.calls.get(fingerprint) ?? 0;
  }

  /** Names of the write tools that succeeded in this run. */
  successfulWrites(): ReadonlySet<string> {
    return this.writesSucceeded;
  }

  /** The appointments the successful writes of this run touched, in order: what receipts and claim checks re-read. */
  confirmedChanges(): readonly ScheduleChangeRef[] {
    return this.changes;
  }

  /** The `motivo` of a successful transferir_para_humano call, or null when none happened. */
  transferRequested(): string | null {
    return this.transferReason;
  }
}
