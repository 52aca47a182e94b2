import type { Queryable } from '../db/index.js';
import type { TableCounterName } from './metric-names.js';

/** Canonical JSON of a label set (keys sorted), the `labels` key of metric_counters. */
export function canonicalLabels(labels: Record<string, string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b))));
}

/**
 * Adds `by` to a shared counter (e.g. reminders sent), in the caller's transaction when it
 * passes one, so the count moves exactly when the thing it counts is committed. Every
 * process sees the same value: GET /metrics reads the table.
 */
export async function incrementCounter(db: Queryable, name: TableCounterName, labels: Record<string, string> = {}, by = 1): Promise<void> {
  if (!Number.isInteger(by) || by < 0) throw new Error(`counter increments must be non-negative integers, got ${by}`);
  const key = canonicalLabels(labels);
  await db.$executeRaw`
    INSERT INTO metric_counters (name, labels, value, updated_at) VALUES (${name}, ${key}, ${by}, now())
    ON CONFLICT (name, labels) DO UPDATE SET value = metric_counters.value + EXCLUDED.value, updated_at = now()`;
}
