export { createMetricsRegistry, type MetricsRegistry } from './create-metrics-registry.js';
export { canonicalLabels, incrementCounter } from './increment-counter.js';
export { METRICS, TABLE_COUNTERS, type TableCounterName } from './metric-names.js';
