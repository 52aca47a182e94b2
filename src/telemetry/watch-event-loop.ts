import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLagAlarm, type Logger } from '../shared/index.js';

/**
 * Makes a process short of CPU visible: every `intervalMs` it reads the event loop's delay
 * (p99 over that interval) and, while it is over `warnAfterMs`, logs "event loop lagging" (at
 * most once per `repeatMs`), then one line when it is back under. A web or worker process is
 * one thread: when it saturates, webhooks are answered late and turns start late, and this is
 * the line that says so (the queue's own lag is `queue lagging`).
 */
export function watchEventLoop(options: { logger: Logger; warnAfterMs: number; intervalMs?: number; repeatMs?: number }): { stop(): void } {
  // One timer per 50 ms: a loop blocked past warnAfterMs still shows in that timer's delay, and an
  // idle process wakes 20 times a second for it, not 100 (at 10 ms it was most of an idle web process's CPU).
  const histogram = monitorEventLoopDelay({ resolution: 50 });
  histogram.enable();
  const alarm = createLagAlarm({
    logger: options.logger.child({ component: 'event-loop' }),
    repeatMs: options.repeatMs ?? 30_000,
    laggingMessage: 'event loop lagging: this process is short of CPU (EVENT_LOOP_LAG_WARN_MS; add processes or cores)',
    caughtUpMessage: 'event loop caught up',
  });
  const timer = setInterval(() => {
    const p99Ms = Math.round(histogram.percentile(99) / 1e6);
    const maxMs = Math.round(histogram.max / 1e6);
    histogram.reset();
    alarm.observe(p99Ms > options.warnAfterMs, { p99Ms, maxMs, intervalMs: options.intervalMs ?? 5000 });
  }, options.intervalMs ?? 5000);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
