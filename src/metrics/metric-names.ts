/**
 * Every metric GET /metrics exports, by name. Alert rules and the dashboard may reference
 * only these (a test checks deploy/). Counters end in `_total`; histograms export
 * `_bucket`, `_sum` and `_count`.
 */
export const METRICS = {
  runs: 'wa_agenda_agent_runs_total',
  handoffs: 'wa_agenda_handoffs_total',
  handoffsPending: 'wa_agenda_handoffs_pending',
  handoffOldestPendingSeconds: 'wa_agenda_handoff_oldest_pending_seconds',
  handoffClaimWaitSeconds: 'wa_agenda_handoff_claim_wait_seconds',
  jobsWaiting: 'wa_agenda_jobs_waiting',
  queueLagSeconds: 'wa_agenda_queue_lag_seconds',
  replyLatencySeconds: 'wa_agenda_reply_latency_seconds',
  modelTokens: 'wa_agenda_model_tokens_total',
  toolErrors: 'wa_agenda_tool_errors_total',
  remindersSent: 'wa_agenda_reminders_sent_total',
  remindersConfirmed: 'wa_agenda_reminders_confirmed_total',
  remindersCancelled: 'wa_agenda_reminders_cancelled_total',
  remindersLate: 'wa_agenda_reminders_late_total',
  remindersFailed: 'wa_agenda_reminders_failed_total',
  outboundFailures: 'wa_agenda_outbound_failures_total',
  circuitBreakerOpen: 'wa_agenda_circuit_breaker_open',
  scrapeErrors: 'wa_agenda_metrics_scrape_errors_total',
} as const;

/** Counters other components add to through incrementCounter (kept in metric_counters), exported at 0 until then. */
export const TABLE_COUNTERS = [
  METRICS.remindersSent,
  METRICS.remindersConfirmed,
  METRICS.remindersCancelled,
  METRICS.remindersLate,
  METRICS.remindersFailed,
] as const;
export type TableCounterName = (typeof TABLE_COUNTERS)[number];
