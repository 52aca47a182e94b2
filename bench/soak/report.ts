import type { SoakChecks } from './checks.js';

export interface SoakFigures {
  customers: number;
  messagesPerCustomer: number;
  webProcesses: number;
  workerProcesses: number;
  workerKills: number;
  driveSeconds: number;
  totalSeconds: number;
  duplicatesDelivered: number;
  burstTurns: number;
  racingCustomers: number;
  modelCalls: number;
  modelErrorsInjected: number;
  graphRequests: number;
  graphErrorsInjected: number;
  repliesDelivered: number;
  debounceMs: number;
  statusWebhooks: number;
  /** CPU seconds by part: web processes, worker processes, PostgreSQL (embedded only), the soak process (driver + fakes) */
  cpuSeconds: { web: number; worker: number; postgres: number; soak: number };
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

/** Everything that must be zero for the run to pass, named. */
export function soakFailures(checks: SoakChecks): string[] {
  const failures: string[] = [];
  if (checks.lostWamids.length > 0) failures.push(`${checks.lostWamids.length} inbound message(s) lost`);
  if (checks.duplicateReplies.length > 0) failures.push(`${checks.duplicateReplies.length} duplicate repl(ies) delivered to Meta`);
  if (checks.duplicateOutboxKeys > 0) failures.push(`${checks.duplicateOutboxKeys} outbound idempotency key(s) used twice`);
  if (checks.doubleBookings > 0) failures.push(`${checks.doubleBookings} double booking(s)`);
  if (checks.unanswered.length > 0) failures.push(`${checks.unanswered.length} conversation(s) ended neither answered nor handed off`);
  return failures;
}

/** The soak's result as a plain-text table (what `npm run soak` prints). */
export function formatSoakReport(figures: SoakFigures, checks: SoakChecks): string {
  const rows: [string, string, string][] = [];
  const row = (name: string, value: string | number, verdict = '') => rows.push([name, String(value), verdict]);
  const zero = (value: number) => (value === 0 ? 'ok' : 'FAIL');
  const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);
  row(
    'load',
    `${figures.customers} customers × ${figures.messagesPerCustomer} messages, ${figures.webProcesses} web + ${figures.workerProcesses} worker processes`,
  );
  row(
    'faults injected',
    `${figures.duplicatesDelivered} duplicated webhooks, ${figures.burstTurns} bursts, ${figures.racingCustomers} racing customers`,
  );
  row(
    '',
    `${figures.modelErrorsInjected}/${figures.modelCalls} model calls 529/500, ${figures.graphErrorsInjected}/${figures.graphRequests} Graph 500s, ${figures.workerKills} worker SIGKILLs`,
  );
  row('inbound messages stored / sent', `${checks.inboundStored} / ${checks.inboundSent}`, zero(checks.lostWamids.length));
  row('duplicate replies (Meta log)', checks.duplicateReplies.length, zero(checks.duplicateReplies.length));
  row('duplicate outbound idempotency keys', checks.duplicateOutboxKeys, zero(checks.duplicateOutboxKeys));
  row('sends Meta accepted that the outbox does not record', checks.orphanSends);
  row(
    'sends cut by a SIGKILL (answer lost) / recorded anyway',
    `${checks.lostResponses.total} / ${checks.lostResponses.recorded}`,
    'via the status webhook',
  );
  row('double bookings (overlapping booked)', checks.doubleBookings, zero(checks.doubleBookings));
  row('appointments booked / cancelled', `${checks.appointmentsBooked} / ${checks.appointmentsCancelled}`);
  row('conversations', checks.conversations);
  row('ended neither answered nor handed off', checks.unanswered.length, zero(checks.unanswered.length));
  row('handoffs by reason', formatTally(checks.handoffsByReason) || 'none');
  row('agent runs by outcome', formatTally(checks.runsByOutcome) || 'none');
  row(
    'runs left running / jobs left / jobs failed for good',
    `${checks.runsStillRunning} / ${checks.jobsLeft} / ${checks.jobsFailedForGood}`,
  );
  row('outbound messages failed', checks.outboundFailed);
  row('customer turns without a reply (driver view)', checks.turnsUnanswered);
  row(
    'reply latency p50 / p95 (webhook → Meta)',
    `${ms(percentile(checks.latencyTotal, 50))} / ${ms(percentile(checks.latencyTotal, 95))}`,
  );
  row(
    'same minus model time p50 / p95',
    `${ms(percentile(checks.latencyMinusModel, 50))} / ${ms(percentile(checks.latencyMinusModel, 95))}`,
    `incl. ${figures.debounceMs} ms debounce`,
  );
  for (const stage of checks.stages) row(`  ${stage.name} p50 / p95`, `${ms(stage.p50)} / ${ms(stage.p95)}`, `n=${stage.count}`);
  row('model calls not attributed to a customer', checks.modelCallsUnattributed);
  row(
    'throughput',
    `${(checks.inboundSent / figures.driveSeconds).toFixed(1)} inbound msg/s, ${(figures.repliesDelivered / figures.driveSeconds).toFixed(1)} replies/s, ${(figures.modelCalls / figures.driveSeconds).toFixed(1)} model calls/s`,
  );
  const cpu = figures.cpuSeconds;
  row(
    'CPU seconds (web / worker / PostgreSQL / soak driver+fakes)',
    `${cpu.web.toFixed(0)} / ${cpu.worker.toFixed(0)} / ${cpu.postgres ? cpu.postgres.toFixed(0) : '–'} / ${cpu.soak.toFixed(0)}`,
    `${(((cpu.web + cpu.worker + cpu.postgres) * 1000) / Math.max(1, checks.inboundSent)).toFixed(0)} ms service CPU per inbound message`,
  );
  row('duration', `drive ${figures.driveSeconds.toFixed(0)} s, whole run ${figures.totalSeconds.toFixed(0)} s`);
  const width = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length))];
  return rows
    .map(([name, value, verdict]) => `${name.padEnd(width[0] as number)}  ${value.padEnd(width[1] as number)}  ${verdict}`.trimEnd())
    .join('\n');
}

const formatTally = (tally: Record<string, number>) =>
  Object.entries(tally)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');
