import { Registry } from 'prom-client';
import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import { loadMetricsSnapshot, type MetricsSnapshot } from './load-metrics-snapshot.js';
import { METRICS, TABLE_COUNTERS } from './metric-names.js';
import type { HistogramSnapshot } from './sql-histogram.js';

type MetricType = 'counter' | 'gauge' | 'histogram';
interface MetricValue {
  value: number;
  labels?: Record<string, string | number>;
  metricName?: string;
}

/** What prom-client's Registry asks of a metric: its name, help, type and, at scrape time, its values. */
interface SnapshotMetric {
  name: string;
  help: string;
  type: MetricType;
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: MetricType; aggregator: 'sum'; values: MetricValue[] }>;
}

/** A registry whose text is the figures of one database snapshot per scrape. */
export interface MetricsRegistry {
  readonly contentType: string;
  /** The Prometheus text exposition of every metric in METRICS. */
  metrics(): Promise<string>;
  /** Names of the metric families (histograms as their base name). */
  readonly names: string[];
}

/**
 * Every metric of METRICS as prom-client metrics whose values come from
 * loadMetricsSnapshot: the queries run once per scrape (concurrent scrapes share one
 * snapshot), so all families of one scrape agree. prom-client formats and escapes the text.
 * A failed snapshot answers with zeros and counts a scrape error, so alerts on "absent"
 * metrics do not fire for a database blip.
 */
export function createMetricsRegistry(db: Db, logger: Logger): MetricsRegistry {
  const registry = new Registry();
  let scrapeErrors = 0;
  let inFlight: Promise<MetricsSnapshot | null> | null = null;
  const snapshot = () => {
    inFlight ??= loadMetricsSnapshot(db)
      .catch((error: unknown) => {
        scrapeErrors++;
        logger.warn({ err: error }, 'metrics snapshot failed');
        return null;
      })
      .finally(() => {
        setImmediate(() => {
          inFlight = null;
        });
      });
    return inFlight;
  };
  const define = (
    name: string,
    help: string,
    type: MetricType,
    values: (snapshot: MetricsSnapshot) => MetricValue[],
    fallback: MetricValue[] = [],
  ) => {
    const metric: SnapshotMetric = {
      name,
      help,
      type,
      aggregator: 'sum',
      async get() {
        const current = await snapshot();
        return { name, help, type, aggregator: 'sum', values: current ? withFallback(values(current), fallback) : fallback };
      },
    };
    registry.registerMetric(metric as never);
  };

  define(METRICS.runs, 'Runs ended, by exit, stop reason and responder.', 'counter', (s) => s.runs);
  define(METRICS.handoffs, 'Conversations handed to a person, by reason.', 'counter', (s) => s.handoffs);
  define(METRICS.handoffsPending, 'Handoffs waiting for an attendant now.', 'gauge', (s) => [{ value: s.handoffsPending }], [{ value: 0 }]);
  define(
    METRICS.handoffOldestPendingSeconds,
    'Age of the oldest handoff still waiting for an attendant (0 when none).',
    'gauge',
    (s) => [{ value: s.handoffOldestPendingSeconds }],
    [{ value: 0 }],
  );
  define(METRICS.handoffClaimWaitSeconds, 'Seconds from a handoff to its claim by an attendant.', 'histogram', (s) =>
    histogramValues(METRICS.handoffClaimWaitSeconds, s.handoffClaimWait),
  );
  define(METRICS.jobsWaiting, 'Jobs due and not yet taken by a worker, by task.', 'gauge', (s) =>
    s.jobs.map((job) => ({ labels: { task: job.task }, value: job.waiting })),
  );
  define(METRICS.queueLagSeconds, 'How long the oldest due job has waited for a worker, by task.', 'gauge', (s) =>
    s.jobs.map((job) => ({ labels: { task: job.task }, value: job.lagSeconds })),
  );
  define(METRICS.replyLatencySeconds, "Seconds from a turn's last customer message to its first reply sent.", 'histogram', (s) =>
    histogramValues(METRICS.replyLatencySeconds, s.replyLatency),
  );
  define(METRICS.modelTokens, 'Model tokens by tenant and kind (input, output, cache_read, cache_write).', 'counter', (s) => s.modelTokens);
  define(METRICS.toolErrors, 'Tool calls that failed, by tool and class.', 'counter', (s) => s.toolErrors);
  for (const name of TABLE_COUNTERS) {
    define(name, `${name.replace(/^wa_agenda_|_total$/g, '').replace(/_/g, ' ')}.`, 'counter', (s) => tableCounter(s, name), [
      { value: 0 },
    ]);
  }
  define(METRICS.outboundFailures, 'Outbound messages WhatsApp finally refused, by Meta error code.', 'counter', (s) => s.outboundFailures);
  define(
    METRICS.circuitBreakerOpen,
    '1 while a circuit breaker is open (the offline assistant answers instead of Claude).',
    'gauge',
    (s) => withFallback(s.breakers, [{ labels: { breaker: 'anthropic' }, value: 0 }]),
    [{ labels: { breaker: 'anthropic' }, value: 0 }],
  );
  const scrapeErrorMetric: SnapshotMetric = {
    name: METRICS.scrapeErrors,
    help: 'Scrapes whose database snapshot failed (in this process).',
    type: 'counter',
    aggregator: 'sum',
    async get() {
      return { ...scrapeErrorMetric, values: [{ value: scrapeErrors }] };
    },
  };
  registry.registerMetric(scrapeErrorMetric as never);

  return {
    contentType: registry.contentType,
    metrics: () => registry.metrics(),
    names: registry.getMetricsAsArray().map((metric) => (metric as unknown as SnapshotMetric).name),
  };
}

function histogramValues(name: string, histogram: HistogramSnapshot): MetricValue[] {
  return [
    ...histogram.buckets.map((bucket) => ({ metricName: `${name}_bucket`, labels: { le: bucket.le }, value: bucket.count })),
    { metricName: `${name}_bucket`, labels: { le: '+Inf' }, value: histogram.count },
    { metricName: `${name}_sum`, value: histogram.sum },
    { metricName: `${name}_count`, value: histogram.count },
  ];
}

function tableCounter(snapshot: MetricsSnapshot, name: string): MetricValue[] {
  return snapshot.tableCounters
    .filter((counter) => counter.name === name)
    .map((counter) => ({ labels: counter.labels, value: counter.value }));
}

/** The fallback series stay present (at their fallback value) when the snapshot has none with the same labels. */
function withFallback(values: MetricValue[], fallback: MetricValue[]): MetricValue[] {
  const key = (value: MetricValue) => JSON.stringify(value.labels ?? {});
  const present = new Set(values.map(key));
  return [...values, ...fallback.filter((value) => !present.has(key(value)))];
}
