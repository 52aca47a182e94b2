/**
 * What a Graph API error code means for the send job (Meta's error codes page):
 * - `retry_recipient` — 131056, too many messages to this one user (pair rate limit): only
 *   this conversation's send waits and retries (the job backs off; others keep going);
 * - `retry_phone_number` — 130429, the business number's throughput was reached: every send
 *   from that number waits (see phone-number-pause.ts), then retries;
 * - `undeliverable` — 131026, the message cannot reach the user (not on WhatsApp, old app,
 *   blocked…): the row fails, a person follows up, never retried;
 * - `window_closed` — 131047, more than 24 hours since the customer wrote: fails as before;
 * - `no_retry` — 131049 (held back "for ecosystem health": retrying only makes it worse), a
 *   132xxx template error (fix the template, not the send) and 131062 (a business-scoped user id
 *   recipient is not supported for this message): fail at once, never retried;
 * - `by_status` — anything else: 429/5xx/network retry, other 4xx fail (the client's rule).
 */
export type MetaErrorPath =
  | { kind: 'retry_recipient' }
  | { kind: 'retry_phone_number'; pauseMs: number }
  | { kind: 'undeliverable' }
  | { kind: 'window_closed' }
  | { kind: 'no_retry' }
  | { kind: 'by_status' };

/** How long a number pauses after 130429 before its sends are tried again. */
export const THROUGHPUT_PAUSE_MS = 5_000;

export function classifyMetaError(error: { metaCode: string | null }): MetaErrorPath {
  const code = error.metaCode ?? '';
  if (code === '131056') return { kind: 'retry_recipient' };
  if (code === '130429') return { kind: 'retry_phone_number', pauseMs: THROUGHPUT_PAUSE_MS };
  if (code === '131026') return { kind: 'undeliverable' };
  if (code === '131047') return { kind: 'window_closed' };
  if (code === '131049' || code === '131062' || /^132\d{3}$/.test(code)) return { kind: 'no_retry' };
  return { kind: 'by_status' };
}

/** Whether a send that failed this way should be tried again later (by the job), given the client's own verdict. */
export function shouldRetryLater(path: MetaErrorPath, retryableByStatus: boolean): boolean {
  switch (path.kind) {
    case 'retry_recipient':
    case 'retry_phone_number':
      return true;
    case 'by_status':
      return retryableByStatus;
    default:
      return false;
  }
}
