/**
 * A Graph API call that failed. `retryable` is true for 429, 5xx and network errors (the
 * client already retried those); a 4xx is final and carries Meta's error code and title.
 */
export class GraphApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly metaCode: string | null,
    readonly metaTitle: string | null,
    readonly retryable: boolean,
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
  const retryable = response.status === 429 || response.status >= 500;
  return new GraphApiError(
    `Graph API answered ${response.status}${code ? ` (code ${code})` : ''}`,
    response.status,
    code,
    title,
    retryable,
  );
}
