import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from '../shared/index.js';

/**
 * Makes a process short of CPU visible: every `intervalMs` it reads the event loop's delay
 * (p99 over that interval) and, while it is over `warnAfterMs`, logs "event loop lagging" (at
 * most once per `repeatMs`), then one line when it is back under. A web or worker process is
 * one thread: when it saturates, webhooks are answered late and turns start late, and this is
 * the line that says so (the queue's own lag is `queue lagging`).
 */
export function watchEventLoop(options: { logger: Logger; warnAfterMs: number; intervalMs?: number; repeatMs?: number }): { stop(): void } {
  const logger = options.logger.child({ component: 'event-loop' });
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let lagging = false;
  let lastWarnedAt = 0;
  const timer = setInterval(() => {
    const p99Ms = Math.round(histogram.percentile(99) / 1e6);
    const maxMs = Math.round(histogram.max / 1e6);
    histogram.reset();
    const figures = { p99Ms, maxMs, intervalMs: options.intervalMs ?? 5000 };
    if (p99Ms > options.warnAfterMs) {
      if (!lagging || Date.now() - lastWarnedAt >= (options.repeatMs ?? 30_000)) {
        logger.warn(figures, 'event loop lagging: this process is short of CPU (EVENT_LOOP_LAG_WARN_MS; add processes or cores)');
        lastWarnedAt = Date.now();
      }
      lagging = true;
    } else if (lagging) {
      lagging = false;
      logger.info(figures, 'event loop caught up');
    }
  }, options.intervalMs ?? 5000);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
