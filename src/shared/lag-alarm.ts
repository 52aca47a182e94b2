import type { Logger } from './logger.js';

/**
 * The warning of a lag watch: while a reading stays over its threshold, one warn line (again at
 * most once per `repeatMs`), then one info line when it is back under. Used by the queue's lag
 * watch and the event-loop watch, so an overload is logged alike whichever part falls behind.
 */
export function createLagAlarm(options: { logger: Logger; repeatMs: number; laggingMessage: string; caughtUpMessage: string }): {
  observe(over: boolean, figures: Record<string, unknown>): void;
} {
  let lagging = false;
  let lastWarnedAt = 0;
  return {
    observe(over, figures) {
      if (over) {
        if (!lagging || Date.now() - lastWarnedAt >= options.repeatMs) {
          options.logger.warn(figures, options.laggingMessage);
          lastWarnedAt = Date.now();
        }
        lagging = true;
      } else if (lagging) {
        lagging = false;
        options.logger.info(figures, options.caughtUpMessage);
      }
    },
  };
}
