/**
 * A Graph API call that failed.
 * - `retryable`: 429, 5xx with Meta's error body, or a failure before the request could reach
 *   Meta (connection refused, DNS, connect timeout): Meta did not take the message, so sending
 *   again cannot duplicate it (the client already retried those).
 * - `outcomeUnknown`: the request may have reached Meta (a timeout or a reset after the body was
 *   written, a 5xx without Meta's body, an unreadable 2xx): sending again could deliver the
 *   same message twice, so it is never retried at once (the send job waits for its status webhook).
 * - neither: a 4xx, final, with Meta's error code and title.
 */
export class GraphApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly metaCode: string | null,
    readonly metaTitle: string | null,
    readonly retryable: boolean,
    readonly outcomeUnknown = false,
  ) {
    super(message);
    this.name = 'GraphApiError';
  }
}

/** Reads Meta's error body (`{"error": {"code", "message", "error_user_title", …}}`) without trusting its shape. */
export async function toGraphApiError(response: Response): Promise<GraphApiError> {
  let code: string | null = null;
  let title: string | null = null;
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown; error_user_title?: unknown } };
    if (body.error?.code !== undefined) code = String(body.error.code);
    const rawTitle = body.error?.error_user_title ?? body.error?.message;
    if (typeof rawTitle === 'string') title = rawTitle.slice(0, 500);
  } catch {
    // not JSON: status alone
  }
  // A 5xx that carries Meta's own error body is Meta saying it did not take the message; a bare
  // 5xx (a proxy's 502/504 page, an empty body) may come after Meta took it.
  const serverError = response.status >= 500;
  const outcomeUnknown = serverError && code === null;
  const retryable = response.status === 429 || (serverError && !outcomeUnknown);
  return new GraphApiError(
    `Graph API answered ${response.status}${code ? ` (code ${code})` : ''}`,
    response.status,
    code,
    title,
    retryable,
    outcomeUnknown,
  );
}

// undici's codes for failures before a request is written: nothing can have reached Meta.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * What a thrown `fetch` means for a POST: `not_sent` only when the error proves the request
 * never left (connect phase); anything else (timeout, reset, "other side closed") may have
 * come after Meta read the body, so it is `unknown`.
 */
export function classifyFetchFailure(error: unknown): 'not_sent' | 'unknown' {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return 'not_sent';
    current = (current as { cause?: unknown }).cause;
  }
  return 'unknown';
}
