import { percentile } from '../support/samples.js';
import { capacityRows, capacityVerdictLine } from './capacity-report.js';
import type { SoakChecks } from './checks.js';
import type { SoakFigures } from './soak-figures.js';
import { SEND_STAGE, WAKE_UP_STAGE } from './stage-timings.js';

/**
 * CPU per inbound message by part, and how busy each part was (cores) while the load ran:
 * the part nearest to its cores is the one that saturates first.
 */
export function loadCosts(figures: SoakFigures, inboundMessages: number) {
  const { loadCpu } = figures;
  const perMessageMs = (seconds: number) => (seconds * 1000) / Math.max(1, inboundMessages);
  const cores = (seconds: number) => seconds / Math.max(0.001, loadCpu.seconds);
  const parts = { web: loadCpu.web, worker: loadCpu.worker, postgres: loadCpu.postgres };
  const busiest = (Object.entries(parts) as [keyof typeof parts, number][]).sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'worker';
  return {
    perMessageMs: { web: perMessageMs(parts.web), worker: perMessageMs(parts.worker), postgres: perMessageMs(parts.postgres) },
    serviceMsPerMessage: perMessageMs(parts.web + parts.worker + parts.postgres),
    cores: { web: cores(parts.web), worker: cores(parts.worker), postgres: cores(parts.postgres) },
    busiest,
    rowsPerMessage: figures.writes.rows / Math.max(1, inboundMessages),
    walBytesPerMessage: figures.writes.walBytes / Math.max(1, inboundMessages),
  };
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
  if (figures.pooler)
    row(
      'connection pooler (web processes)',
      `${figures.pooler.name}, transaction mode, ≤ ${figures.pooler.poolSize} server connections; workers direct`,
      `${figures.pooler.transactions} transactions, mean wait ${(figures.pooler.averageWaitUs / 1000).toFixed(1)} ms, ${(((figures.loadCpu.pooler ?? 0) * 1000) / Math.max(1, checks.inboundSent)).toFixed(1)} ms CPU per message`,
    );
  if (figures.replica) {
    const { lag, readYourWrites } = figures.replica;
    const lagMs = (value: number) => (Number.isNaN(value) ? '–' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`);
    row(
      'read replica',
      `${lag.streaming > 0 ? 'streaming' : 'NOT streaming'} (${figures.replica.name} hot standby), lag p50 ${lagMs(lag.p50Ms)} / max ${lagMs(lag.maxMs)}`,
      `${figures.replica.consoleReadsOnReplica} of ${figures.replica.consoleReads} console reads on it, read-your-writes ${readYourWrites.held}/${readYourWrites.checked}; ` +
        `≤ ${(lag.maxBytesBehind / 1024).toFixed(0)} KiB WAL behind, ${figures.replica.replicaTransactions} transactions on it (reads and position probes)`,
    );
  }
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
  const { deposits } = checks;
  row('Pix deposits charged / paid / lapsed', `${deposits.charged} / ${deposits.approved} / ${deposits.lapsed}`);
  row('paid deposits not booked', deposits.approvedNotBooked, zero(deposits.approvedNotBooked));
  row('lapsed deposit holds not freed', deposits.lapsedNotFreed, zero(deposits.lapsedNotFreed));
  const { waitlist } = checks;
  row(
    'waitlist entries / offers by status / tapped',
    `${waitlist.entries} / ${formatTally(waitlist.offersByStatus) || 'none'} / ${waitlist.taps} of ${waitlist.offersDelivered} delivered`,
  );
  row('offered slots booked more than once', waitlist.offeredSlotsBookedTwice, zero(waitlist.offeredSlotsBookedTwice));
  row('stuck pending_payment (past the hold)', deposits.stuckPendingPayment, zero(deposits.stuckPendingPayment));
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
    `incl. ${figures.debounceMs} ms debounce; model time = calls + retry waits after a 529/500`,
  );
  row(
    '  minus model calls only p50 / p95',
    `${ms(percentile(checks.latencyMinusModelCalls, 50))} / ${ms(percentile(checks.latencyMinusModelCalls, 95))}`,
    'retry waits left in',
  );
  for (const stage of checks.stages) row(`  ${stage.name} p50 / p95`, `${ms(stage.p50)} / ${ms(stage.p95)}`, `n=${stage.count}`);
  const baseline = percentile(figures.roundTripMs, 95);
  row(
    'baseline: database round trip p50 / p95',
    `${ms(percentile(figures.roundTripMs, 50))} / ${ms(baseline)}`,
    'from the soak process, same run',
  );
  for (const [name, stage, targetMs] of [
    ['target: deadline → run started p95', WAKE_UP_STAGE, 100],
    ['target: reply queued → sent p95', SEND_STAGE, 150],
  ] as const) {
    const p95 = checks.stages.find((entry) => entry.name === stage)?.p95 ?? Number.NaN;
    row(name, ms(p95), `≤ ${targetMs} ms: ${p95 <= targetMs ? 'ok' : 'over'}; ${(p95 / baseline).toFixed(1)}× the baseline round trip`);
  }
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
  const costs = loadCosts(figures, checks.inboundSent);
  row(
    'under load: CPU per message (web / worker / PostgreSQL)',
    `${costs.perMessageMs.web.toFixed(1)} / ${costs.perMessageMs.worker.toFixed(1)} / ${costs.perMessageMs.postgres.toFixed(1)} ms`,
    `${costs.serviceMsPerMessage.toFixed(1)} ms in all`,
  );
  row(
    'under load: cores busy (web / worker / PostgreSQL)',
    `${costs.cores.web.toFixed(2)} / ${costs.cores.worker.toFixed(2)} / ${costs.cores.postgres.toFixed(2)}`,
    `busiest: ${costs.busiest}`,
  );
  row('written per inbound message', `${costs.rowsPerMessage.toFixed(1)} rows, ${(costs.walBytesPerMessage / 1024).toFixed(1)} KiB WAL`);
  const perMessage = (value: number) => (value / Math.max(1, checks.inboundSent)).toFixed(1);
  row(
    'commits and WAL I/O per inbound message',
    `${perMessage(figures.writes.commits)} commits, ${perMessage(figures.writes.walIo.writes)} WAL writes, ${perMessage(figures.writes.walIo.fsyncs)} WAL fsyncs`,
    'pg_stat_database, pg_stat_io',
  );
  const sentRate = `sent ${(checks.inboundSent / Math.max(0.001, figures.sendSeconds)).toFixed(1)} msg/s over ${figures.sendSeconds.toFixed(0)} s`;
  if (figures.ramp)
    row(
      'offered load (open loop, ramp)',
      `0 → ${figures.ramp.toRate} inbound msg/s over ${figures.ramp.seconds.toFixed(0)} s of arrivals`,
      sentRate,
    );
  else if (figures.offeredRate !== undefined) row('offered load (open loop)', `${figures.offeredRate} inbound msg/s`, sentRate);
  if (figures.capacity)
    rows.push(
      ...capacityRows(figures.capacity, {
        inboundMessages: checks.inboundSent,
        postgresCpuSeconds: figures.loadCpu.postgres,
        wal: figures.writes.wal,
      }),
    );
  if (figures.serviceWarnings)
    row(
      'service warnings (log lines, warn and above)',
      formatTally(figures.serviceWarnings) || 'none',
      'how overload shows to an operator',
    );
  row('duration', `drive ${figures.driveSeconds.toFixed(0)} s, whole run ${figures.totalSeconds.toFixed(0)} s`);
  const width = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length))];
  const table = rows
    .map(([name, value, verdict]) => `${name.padEnd(width[0] as number)}  ${value.padEnd(width[1] as number)}  ${verdict}`.trimEnd())
    .join('\n');
  return figures.capacity ? `${table}\n\ncapacity: ${capacityVerdictLine(figures.capacity.verdict)}` : table;
}

const formatTally = (tally: Record<string, number>) =>
  Object.entries(tally)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');
