import pg from 'pg';
import type { ModelCall } from '../../test/fakes/anthropic-loopback.js';
import type { GraphDelivery } from '../../test/fakes/graph-api-loopback.js';
import type { CustomerPlan } from './customer-script.js';
import type { DepositPayerResult } from './deposit-payer.js';
import type { DriverResult } from './driver.js';

/** The stages issue 12 sets targets for (see report.ts). */
export const WAKE_UP_STAGE = 'debounce deadline → run started (wake-up)';
export const SEND_STAGE = 'reply queued → sent to Meta';

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
  /** the Pix deposits: charges created, paid, left to lapse, and what became of them */
  deposits: {
    charged: number;
    approved: number;
    lapsed: number;
    /** paid deposits whose appointment is not booked (nor refunded after a customer's cancellation) */
    approvedNotBooked: number;
    /** lapsed deposits whose appointment still holds its slot (neither expired nor cancelled) */
    lapsedNotFreed: number;
    /** appointments still `pending_payment` with no hold left to run (past it, or no deposit at all) */
    stuckPendingPayment: number;
    notificationsRefused: number;
  };
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

/** The service's DEBOUNCE_MAX_WAIT_MS (the soak keeps the default). */
const DEBOUNCE_MAX_WAIT_MS = 10_000;

async function stageTimings(query: <Row extends pg.QueryResultRow>(sql: string) => Promise<Row[]>, debounceMs: number) {
  const stage = async (name: string, sql: string) => {
    const row = (
      await query<{ p50: number | null; p95: number | null; n: string }>(`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS p95, count(*) AS n
      FROM (${sql}) t`)
    )[0];
    return { name, p50: Number(row?.p50 ?? Number.NaN), p95: Number(row?.p95 ?? Number.NaN), count: Number(row?.n ?? 0) };
  };
  return [
    await stage(
      'last inbound stored → run started (debounce + queue)',
      `SELECT extract(epoch FROM r.started_at - (SELECT max(m.created_at) FROM messages m
          WHERE m.conversation_id = r.conversation_id AND m.direction = 'inbound' AND m.created_at <= r.started_at)) * 1000 AS ms
       FROM agent_runs r`,
    ),
    await stage(
      // From when its job became runnable: its debounce deadline (as the intake set run_at from the turn's
      // messages), or later if the conversation's queue was still busy then (the previous turn or its sends).
      WAKE_UP_STAGE,
      `SELECT extract(epoch FROM r.started_at - greatest(t.deadline,
          coalesce((SELECT max(o.sent_at) FROM messages o WHERE o.conversation_id = r.conversation_id
                      AND o.direction = 'outbound' AND o.sent_at <= r.started_at), '-infinity'::timestamptz),
          coalesce((SELECT max(p.finished_at) FROM agent_runs p WHERE p.conversation_id = r.conversation_id
                      AND p.id <> r.id AND p.finished_at <= r.started_at), '-infinity'::timestamptz))) * 1000 AS ms
       FROM agent_runs r
       JOIN LATERAL (
         SELECT least(max(m.created_at) + make_interval(secs => ${debounceMs / 1000}),
                      min(m.created_at) + make_interval(secs => ${DEBOUNCE_MAX_WAIT_MS / 1000})) AS deadline
         FROM messages m WHERE m.run_id = r.id AND m.direction = 'inbound' AND m.created_at <= r.started_at
       ) t ON t.deadline IS NOT NULL`,
    ),
    await stage('run duration (model calls + tools)', `SELECT duration_ms AS ms FROM agent_runs WHERE duration_ms IS NOT NULL`),
    await stage(
      SEND_STAGE,
      `SELECT extract(epoch FROM sent_at - created_at) * 1000 AS ms FROM messages WHERE direction = 'outbound' AND sent_at IS NOT NULL`,
    ),
  ];
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

/** Statuses of a model call the SDK retries after a backoff (the fake's injected faults). */
const RETRIED_STATUSES = new Set([500, 529]);

/**
 * Per answered turn: webhook of its last message → first reply at Meta (`total`), and the same
 * minus the time spent waiting on the model for that customer meanwhile. `minusModel` counts as
 * model time every call's duration and, after a call that failed with 529/500, the gap until
 * that customer's next call starts: the SDK's retry backoff, waiting on an injected model
 * fault, not on the service. `minusModelCalls` subtracts the calls' durations only (the figure
 * before the retry gaps were counted). Calls are attributed to a customer by the unique name in
 * their user text; one conversation's calls never overlap, so the gaps are never counted twice.
 */
export function replyLatencies(plans: CustomerPlan[], driver: Pick<DriverResult, 'turns'>, calls: ModelCall[]) {
  const callsByCustomer = new Map<number, ModelCall[]>();
  let unattributed = 0;
  const patterns = plans.map((plan) => ({ index: plan.index, pattern: new RegExp(`\\b${plan.name}\\b(?! [A-Z])`) }));
  for (const call of calls) {
    const owner = patterns.find(({ pattern }) => pattern.test(call.userText));
    if (!owner) {
      unattributed++;
      continue;
    }
    callsByCustomer.set(owner.index, [...(callsByCustomer.get(owner.index) ?? []), call]);
  }
  for (const list of callsByCustomer.values()) list.sort((a, b) => a.startedAt - b.startedAt);
  const total: number[] = [];
  const minusModel: number[] = [];
  const minusModelCalls: number[] = [];
  for (const turn of driver.turns) {
    if (turn.repliedAt === undefined) continue;
    const repliedAt = turn.repliedAt;
    const elapsed = repliedAt - turn.lastSentAt;
    const inTurn = (callsByCustomer.get(turn.customerIndex) ?? []).filter(
      (call) => call.startedAt >= turn.firstSentAt && call.startedAt <= repliedAt,
    );
    const callTime = inTurn.reduce((sum, call) => sum + call.durationMs, 0);
    const retryWait = inTurn.reduce((sum, call, index) => {
      const next = inTurn[index + 1];
      if (!RETRIED_STATUSES.has(call.status) || !next) return sum;
      return sum + Math.max(0, next.startedAt - (call.startedAt + call.durationMs));
    }, 0);
    total.push(elapsed);
    minusModel.push(Math.max(0, elapsed - callTime - retryWait));
    minusModelCalls.push(Math.max(0, elapsed - callTime));
  }
  return { total, minusModel, minusModelCalls, unattributed };
}

async function depositChecks(
  query: <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => Promise<Row[]>,
  payer: DepositPayerResult,
): Promise<SoakChecks['deposits']> {
  const number = (rows: { n: string }[]) => Number(rows[0]?.n ?? 0);
  const approvedSettled = number(
    await query<{ n: string }>(
      `SELECT count(*) AS n FROM deposits d JOIN appointments a ON a.id = d.appointment_id
        WHERE d.appointment_id = ANY($1::int[])
          AND ((d.status = 'paid' AND a.status NOT IN ('pending_payment', 'expired')) OR d.status = 'refunded')`,
      [payer.approved],
    ),
  );
  const lapsedFreed = number(
    await query<{ n: string }>(
      `SELECT count(*) AS n FROM deposits d JOIN appointments a ON a.id = d.appointment_id
        WHERE d.appointment_id = ANY($1::int[]) AND a.status IN ('expired', 'cancelled')`,
      [payer.lapsed],
    ),
  );
  return {
    charged: number(await query<{ n: string }>(`SELECT count(*) AS n FROM deposits WHERE payment_id IS NOT NULL`)),
    approved: payer.approved.length,
    lapsed: payer.lapsed.length,
    approvedNotBooked: payer.approved.length - approvedSettled,
    lapsedNotFreed: payer.lapsed.length - lapsedFreed,
    stuckPendingPayment: number(
      await query<{ n: string }>(
        `SELECT count(*) AS n FROM appointments a WHERE a.status = 'pending_payment'
           AND NOT EXISTS (SELECT 1 FROM deposits d WHERE d.appointment_id = a.id AND d.hold_until > now())`,
      ),
    ),
    notificationsRefused: payer.notificationsRefused,
  };
}
