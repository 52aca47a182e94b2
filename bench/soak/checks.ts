import pg from 'pg';
import type { ModelCall } from '../../test/fakes/anthropic-loopback.js';
import type { GraphDelivery } from '../../test/fakes/graph-api-loopback.js';
import type { CustomerPlan } from './customer-script.js';
import { type DepositChecks, depositChecks } from './deposit-checks.js';
import type { DepositPayerResult } from './deposit-payer.js';
import type { DriverResult } from './driver.js';
import { replyLatencies } from './reply-latencies.js';
import { stageTimings } from './stage-timings.js';

export interface SoakChecks {
  inboundSent: number;
  inboundStored: number;
  lostWamids: string[];
  duplicateOutboxKeys: number;
  /**
   * Replies the customer got twice: `resent` = one outbox row delivered again (Meta accepted a
   * send the outbox never recorded, and the same text was delivered and recorded again);
   * `same_run` = one run queued one text twice; `same_turn` = two completed runs answered the
   * same inbound messages (same job key).
   */
  duplicateReplies: { to: string; text: string; kind: 'resent' | 'same_run' | 'same_turn' }[];
  /** messages Meta accepted whose wamid no outbound row recorded (a send the outbox does not know of) */
  orphanSends: number;
  orphanDetails: { to: string; text: string; deliveredTimes: number }[];
  /** sends whose sender died before Meta's answer: how many the outbox still recorded (from the status webhook) */
  lostResponses: { total: number; recorded: number };
  /** where the time goes, from the service's own tables (ms, p50/p95) */
  stages: { name: string; p50: number; p95: number; count: number }[];
  doubleBookings: number;
  deposits: DepositChecks;
  /** the waitlist: entries joined, offers made (by status), offers that reached a phone and were tapped, and slots booked twice through offers */
  waitlist: {
    entries: number;
    offersByStatus: Record<string, number>;
    offersDelivered: number;
    taps: number;
    /** offered slots holding more than one live booking (must be 0) */
    offeredSlotsBookedTwice: number;
  };
  appointmentsBooked: number;
  appointmentsCancelled: number;
  conversations: number;
  /** conversations whose last customer message got neither a reply nor an open handoff */
  unanswered: { waId: string; lastInbound: string }[];
  handoffsByReason: Record<string, number>;
  runsByOutcome: Record<string, number>;
  runsStillRunning: number;
  jobsLeft: number;
  jobsFailedForGood: number;
  /** the jobs still in the queue at the end, for the failure report */
  leftoverJobs: {
    task: string;
    queue: string | null;
    attempts: number;
    maxAttempts: number;
    lockedBy: string | null;
    lastError: string | null;
  }[];
  outboundFailed: number;
  /** reply latency per answered turn, minus the model time spent in it: calls and the retry waits after a 529/500 (ms) */
  latencyMinusModel: number[];
  /** the same minus the model calls' durations only, retry waits kept in (ms) */
  latencyMinusModelCalls: number[];
  latencyTotal: number[];
  turnsUnanswered: number;
  modelCallsUnattributed: number;
}

/**
 * Reads the outcome of a soak run from the database and the fakes' logs. Nothing here
 * trusts the service's own account: losses are counted from the driver's list of sent
 * message ids, duplicates from what the fake Graph API accepted, overlaps with SQL.
 */
export async function checkSoak(input: {
  databaseUrl: string;
  plans: CustomerPlan[];
  driver: DriverResult;
  deliveries: GraphDelivery[];
  modelCalls: ModelCall[];
  /** DEBOUNCE_MS the service ran with (its DEBOUNCE_MAX_WAIT_MS is the default, 10 s) */
  debounceMs: number;
  deposits: DepositPayerResult;
  waitlist: { offersDelivered: number; taps: number };
}): Promise<SoakChecks> {
  const client = new pg.Client({ connectionString: input.databaseUrl });
  await client.connect();
  try {
    const query = async <Row extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => (await client.query<Row>(sql, values)).rows;
    const sentIds = input.driver.sent.map((message) => message.wamid);
    const stored = new Set(
      (
        await query<{ id: string }>(`SELECT wa_message_id AS id FROM messages WHERE direction = 'inbound' AND wa_message_id = ANY($1)`, [
          sentIds,
        ])
      ).map((row) => row.id),
    );
    const outboundWamids = new Set(
      (
        await query<{ id: string }>(`SELECT wa_message_id AS id FROM messages WHERE direction = 'outbound' AND wa_message_id IS NOT NULL`)
      ).map((row) => row.id),
    );
    const count = async (sql: string) => Number((await query<{ n: string }>(sql))[0]?.n ?? 0);
    const tally = async (sql: string) =>
      Object.fromEntries((await query<{ key: string | null; n: string }>(sql)).map((row) => [row.key ?? 'null', Number(row.n)]));

    const unanswered = await query<{ wa_id: string; last_inbound: string }>(`
      SELECT cu.wa_id, (SELECT text FROM messages m WHERE m.id = s.last_in) AS last_inbound
      FROM (
        SELECT c.id, c.customer_id,
          (SELECT max(id) FROM messages m WHERE m.conversation_id = c.id AND m.direction = 'inbound') AS last_in,
          (SELECT max(id) FROM messages m WHERE m.conversation_id = c.id AND m.direction = 'outbound'
             AND m.status IN ('sent', 'delivered', 'read')) AS last_out,
          EXISTS (SELECT 1 FROM handoffs h WHERE h.conversation_id = c.id AND h.status IN ('pending', 'claimed')) AS handed_off
        FROM conversations c
      ) s JOIN customers cu ON cu.id = s.customer_id
      WHERE s.last_in IS NOT NULL AND (s.last_out IS NULL OR s.last_out < s.last_in) AND NOT s.handed_off`);

    const latency = replyLatencies(input.plans, input.driver, input.modelCalls);
    return {
      inboundSent: sentIds.length,
      inboundStored: stored.size,
      lostWamids: sentIds.filter((id) => !stored.has(id)),
      duplicateOutboxKeys: await count(
        `SELECT count(*) AS n FROM (SELECT idempotency_key FROM messages WHERE direction = 'outbound' AND idempotency_key IS NOT NULL GROUP BY 1 HAVING count(*) > 1) d`,
      ),
      duplicateReplies: [
        ...findResentReplies(input.deliveries, outboundWamids),
        ...(
          await query<{ to: string; text: string }>(`
            SELECT cu.wa_id AS to, m.text FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN customers cu ON cu.id = c.customer_id
            WHERE m.direction = 'outbound' AND m.run_id IS NOT NULL GROUP BY cu.wa_id, m.run_id, m.text HAVING count(*) > 1`)
        ).map((row) => ({ ...row, kind: 'same_run' as const })),
        ...(
          await query<{ to: string; text: string }>(`
            SELECT cu.wa_id AS to, r.job_key AS text FROM agent_runs r JOIN conversations c ON c.id = r.conversation_id JOIN customers cu ON cu.id = c.customer_id
            WHERE r.status = 'completed' AND r.job_key IS NOT NULL GROUP BY cu.wa_id, r.job_key HAVING count(*) > 1`)
        ).map((row) => ({ ...row, kind: 'same_turn' as const })),
      ],
      orphanSends: input.deliveries.filter((delivery) => !outboundWamids.has(delivery.wamid)).length,
      orphanDetails: input.deliveries
        .filter((delivery) => !outboundWamids.has(delivery.wamid))
        .map((delivery) => ({
          to: delivery.to,
          text: delivery.text.slice(0, 80),
          deliveredTimes: input.deliveries.filter((other) => other.to === delivery.to && other.text === delivery.text).length,
        })),
      stages: await stageTimings(query, input.debounceMs),
      lostResponses: {
        total: input.deliveries.filter((delivery) => delivery.responseLost).length,
        recorded: input.deliveries.filter((delivery) => delivery.responseLost && outboundWamids.has(delivery.wamid)).length,
      },
      doubleBookings: await count(`
        SELECT count(*) AS n FROM appointments a JOIN appointments b
          ON a.professional_id = b.professional_id AND a.id < b.id
         AND a.status NOT IN ('cancelled', 'expired') AND b.status NOT IN ('cancelled', 'expired')
         AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`),
      deposits: await depositChecks(query, input.deposits),
      waitlist: {
        entries: await count(`SELECT count(*) AS n FROM waitlist_entries`),
        offersByStatus: await tally(`SELECT status AS key, count(*) AS n FROM waitlist_offers GROUP BY 1 ORDER BY 2 DESC`),
        ...input.waitlist,
        offeredSlotsBookedTwice: await count(`
          SELECT count(*) AS n FROM (
            SELECT o.professional_id, o.starts_at FROM (SELECT DISTINCT professional_id, starts_at, ends_at FROM waitlist_offers) o
            JOIN appointments a ON a.professional_id = o.professional_id AND a.status NOT IN ('cancelled', 'expired')
             AND tstzrange(a.starts_at, a.ends_at) && tstzrange(o.starts_at, o.ends_at)
            GROUP BY 1, 2 HAVING count(*) > 1) twice`),
      },
      appointmentsBooked: await count(`SELECT count(*) AS n FROM appointments WHERE status = 'booked'`),
      appointmentsCancelled: await count(`SELECT count(*) AS n FROM appointments WHERE status = 'cancelled'`),
      conversations: await count(`SELECT count(*) AS n FROM conversations`),
      unanswered: unanswered.map((row) => ({ waId: row.wa_id, lastInbound: row.last_inbound })),
      handoffsByReason: await tally(`SELECT reason AS key, count(*) AS n FROM handoffs GROUP BY 1 ORDER BY 2 DESC`),
      runsByOutcome: await tally(`SELECT coalesce(outcome, status) AS key, count(*) AS n FROM agent_runs GROUP BY 1 ORDER BY 2 DESC`),
      runsStillRunning: await count(`SELECT count(*) AS n FROM agent_runs WHERE status = 'running'`),
      jobsLeft: await count(`SELECT count(*) AS n FROM graphile_worker.jobs`),
      jobsFailedForGood: await count(`SELECT count(*) AS n FROM graphile_worker.jobs WHERE attempts >= max_attempts`),
      leftoverJobs: (
        await query<{
          task: string;
          queue: string | null;
          attempts: number;
          max_attempts: number;
          locked_by: string | null;
          last_error: string | null;
        }>(
          `SELECT task_identifier AS task, queue_name AS queue, attempts, max_attempts, locked_by, left(last_error, 300) AS last_error FROM graphile_worker.jobs ORDER BY id LIMIT 20`,
        )
      ).map((row) => ({
        task: row.task,
        queue: row.queue,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        lockedBy: row.locked_by,
        lastError: row.last_error,
      })),
      outboundFailed: await count(`SELECT count(*) AS n FROM messages WHERE direction = 'outbound' AND status = 'failed'`),
      latencyMinusModel: latency.minusModel,
      latencyMinusModelCalls: latency.minusModelCalls,
      latencyTotal: latency.total,
      turnsUnanswered: input.driver.turns.filter((turn) => turn.repliedAt === undefined).length,
      modelCallsUnattributed: latency.unattributed,
    };
  } finally {
    await client.end();
  }
}

/**
 * Replies Meta accepted twice for one outbox row: a delivery the outbox never recorded whose
 * text was delivered (and recorded) to the same customer shortly after, i.e. the retried job
 * sent again what the first attempt had already sent.
 */
export function findResentReplies(deliveries: GraphDelivery[], recordedWamids: Set<string>) {
  const duplicates: { to: string; text: string; kind: 'resent' }[] = [];
  for (const orphan of deliveries.filter((delivery) => !recordedWamids.has(delivery.wamid))) {
    const resent = deliveries.some(
      (delivery) =>
        delivery.to === orphan.to &&
        delivery.text === orphan.text &&
        recordedWamids.has(delivery.wamid) &&
        delivery.at > orphan.at &&
        delivery.at - orphan.at < 120_000,
    );
    if (resent) duplicates.push({ to: orphan.to, text: orphan.text, kind: 'resent' });
  }
  return duplicates;
}
