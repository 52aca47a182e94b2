import type { Db } from '../../src/db/index.js';
import { createTestConversation } from '../support/factories.js';

/** One hand-built handoff: created at `createdAt`, claimed `waitSeconds` later (never, when null). */
export interface HandoffSpec {
  reason: string;
  createdAt: string;
  waitSeconds: number | null;
  status?: 'pending' | 'claimed' | 'resolved';
}

/**
 * A hand-built month of handoffs in America/Sao_Paulo (UTC−3): November 2026 is
 * [2026-11-01T03:00Z, 2026-12-01T03:00Z). Expected figures (percentile_cont):
 * - requested_by_customer: waits 10, 20, 30, 40, 50 + one pending → count 6, median 30, p90 46
 * - refusal: waits 60, 120 (one created exactly at the start) → count 2, median 90, p90 114
 * - deadline: resolved without a claim → count 1, no waits
 * - total: waits 10…60, 120 → count 9, claimed 7, median 40, p90 84
 * Outside the month (must not count): one a second before it, one exactly at its end.
 */
export const NOVEMBER_HANDOFFS: HandoffSpec[] = [
  { reason: 'requested_by_customer', createdAt: '2026-11-02T12:00:00Z', waitSeconds: 30 },
  { reason: 'requested_by_customer', createdAt: '2026-11-03T12:00:00Z', waitSeconds: 10 },
  { reason: 'requested_by_customer', createdAt: '2026-11-04T12:00:00Z', waitSeconds: 50 },
  { reason: 'requested_by_customer', createdAt: '2026-11-05T12:00:00Z', waitSeconds: 20 },
  { reason: 'requested_by_customer', createdAt: '2026-12-01T02:59:59Z', waitSeconds: 40, status: 'resolved' },
  { reason: 'requested_by_customer', createdAt: '2026-11-20T12:00:00Z', waitSeconds: null, status: 'pending' },
  { reason: 'refusal', createdAt: '2026-11-01T03:00:00Z', waitSeconds: 120 },
  { reason: 'refusal', createdAt: '2026-11-15T18:30:00Z', waitSeconds: 60 },
  { reason: 'deadline', createdAt: '2026-11-10T12:00:00Z', waitSeconds: null, status: 'resolved' },
  { reason: 'refusal', createdAt: '2026-11-01T02:59:59Z', waitSeconds: 1 },
  { reason: 'refusal', createdAt: '2026-12-01T03:00:00Z', waitSeconds: 1000 },
];

/** Inserts the handoffs for `tenantId`, each in its own conversation (one open handoff per conversation). */
export async function insertHandoffs(db: Db, tenantId: number, specs: HandoffSpec[]): Promise<void> {
  for (const spec of specs) {
    const { conversation } = await createTestConversation(db, tenantId);
    const createdAt = new Date(spec.createdAt);
    const claimedAt = spec.waitSeconds === null ? null : new Date(createdAt.getTime() + spec.waitSeconds * 1000);
    const status = spec.status ?? (claimedAt ? 'claimed' : 'pending');
    await db.handoff.create({
      data: {
        tenantId,
        conversationId: conversation.id,
        reason: spec.reason,
        status,
        createdAt,
        claimedAt,
        attendant: claimedAt ? 'Carla' : null,
        resolvedAt: status === 'resolved' ? new Date(createdAt.getTime() + 3600_000) : null,
      },
    });
  }
}
