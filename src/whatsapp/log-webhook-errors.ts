import type { Logger } from '../shared/index.js';
import { errorsSchema } from './webhook-payload.js';

/**
 * Logs the `errors` Meta puts on a change value, a message or a status (e.g. 131051
 * unsupported message type, 131052/131053 media download failures) with their codes, so ops
 * can count them. Nothing else of the item is logged.
 */
export function logWebhookErrors(logger: Logger, where: Record<string, unknown>, errors: unknown): void {
  if (errors === undefined) return;
  const parsed = errorsSchema.safeParse(errors);
  const list = parsed.success ? parsed.data : [];
  if (list.length === 0) return;
  logger.warn(
    {
      ...where,
      errors: list.slice(0, 5).map((error) => ({ code: error.code ?? null, title: error.title ?? error.message ?? null })),
    },
    'whatsapp webhook reported errors',
  );
}
