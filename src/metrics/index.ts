export { createMetricsRegistry, type MetricsRegistry } from './create-metrics-registry.js';
export { createMetricsRouter } from './create-metrics-router.js';
export { canonicalLabels, incrementCounter } from './increment-counter.js';
export { METRICS, TABLE_COUNTERS, type TableCounterName } from './metric-names.js';
