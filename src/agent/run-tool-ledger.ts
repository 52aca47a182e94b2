import { claimsBackedBy, type ToolEffect } from '../shared/index.js';
import type { SuccessfulWrite } from './claims-unverified-success.js';
import { toolCallFingerprint } from './tool-call-fingerprint.js';
import { TRANSFER_TOOL_NAME } from './transfer-to-human-tool.js';

interface LedgerEntry {
  name: string;
  fingerprint: string;
  isError: boolean;
  input: unknown;
}

/** Finds a tool's definition (its effect) by the name the model used; undefined for an unknown tool. */
type FindToolEffect = (name: string) => ToolEffect | undefined;

/**
 * What the tools did so far in one run: how often each exact call was made (repetition),
 * which write tools succeeded and what claims they back (verified success, from their
 * definitions), and whether the model asked for a person. A resumed run is seeded from the
 * calls it already recorded.
 */
export class RunToolLedger {
  private readonly calls = new Map<string, number>();
  private readonly writes: SuccessfulWrite[] = [];
  private transferReason: string | null = null;

  constructor(private readonly findEffect: FindToolEffect) {}

  static fromRecorded(rows: { name: string; input: unknown; isError: boolean }[], findEffect: FindToolEffect): RunToolLedger {
    const ledger = new RunToolLedger(findEffect);
    for (const row of rows) ledger.record({ ...row, fingerprint: toolCallFingerprint(row.name, row.input) });
    return ledger;
  }

  record(entry: LedgerEntry): void {
    this.calls.set(entry.fingerprint, (this.calls.get(entry.fingerprint) ?? 0) + 1);
    if (entry.isError) return;
    const effect = this.findEffect(entry.name);
    if (effect?.effect === 'write') this.writes.push({ tool: entry.name, backs: claimsBackedBy(effect) });
    if (entry.name === TRANSFER_TOOL_NAME) {
      const motivo = (entry.input as { motivo?: unknown } | null)?.motivo;
      this.transferReason = typeof motivo === 'string' ? motivo.trim() : '';
    }
  }

  countCalls(fingerprint: string): number {
    return this.calls.get(fingerprint) ?? 0;
  }

  /** The successful write calls of this run, with the claims each backs. */
  successfulWrites(): readonly SuccessfulWrite[] {
    return this.writes;
  }

  /** The `motivo` of a successful transferir_para_humano call, or null when none happened. */
  transferRequested(): string | null {
    return this.transferReason;
  }
}
