import { noticeDuration } from '../reminders/index.js';
import { localDateTimeToUtc } from '../shared/index.js';
import type { TurnContext } from './turn.js';

type PolicyContext = Pick<TurnContext, 'now' | 'timezone' | 'business'>;

/** Minutes from now to a local start ("YYYY-MM-DDTHH:mm" in the tenant's zone). */
const minutesAhead = (context: PolicyContext, start: string) =>
  (localDateTimeToUtc(start, context.timezone).getTime() - context.now.getTime()) / 60_000;

/**
 * Whether an appointment starting at `start` can still be cancelled or moved by the
 * customer: not once it started, nor inside the tenant's cancellation notice. The same rule
 * the scheduling tools enforce (they refuse with `appointment_past` / `cancel_notice`),
 * checked before the customer is asked to confirm anything.
 */
export function changeRuleOf(
  context: PolicyContext,
  start: string,
): { kind: 'open' } | { kind: 'started' } | { kind: 'too_late'; notice: string } {
  const ahead = minutesAhead(context, start);
  if (ahead <= 0) return { kind: 'started' };
  const notice = context.business.cancelNoticeMinutes;
  return notice > 0 && ahead < notice ? { kind: 'too_late', notice: noticeDuration(notice) } : { kind: 'open' };
}

/** The line a confirmation carries when the new time is already inside the notice: it could not be undone here. */
export function noticeWarning(context: PolicyContext, start: string): string | null {
  const rule = changeRuleOf(context, start);
  return rule.kind === 'too_late'
    ? `⚠️ Faltam menos de ${rule.notice} para esse horário: depois de confirmado, ele não poderá ser cancelado nem remarcado por aqui.`
    : null;
}
