import { Logger as GraphileLogger } from 'graphile-worker';
import type { Logger } from '../shared/index.js';

/** Routes graphile-worker's own log lines into pino. */
export function toGraphileLogger(logger: Logger): GraphileLogger {
  const child = logger.child({ component: 'queue' });
  return new GraphileLogger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta };
    if (level === 'error') child.error(fields, message);
    else if (level === 'warning') child.warn(fields, message);
    else if (level === 'info') child.info(fields, message);
    else child.debug(fields, message);
  });
}
