import { type Keyring, plainOnlyKeyring } from '../credentials/index.js';
import type { Logger } from '../shared/index.js';
import { classifyFetchFailure, GraphApiError, toGraphApiError } from './graph-api-error.js';

export interface GraphTarget {
  phoneNumberId: string;
  /** the tenant's token as stored (sealed at rest): opened with the client's keyring just before the request */
  accessToken: string;
}

export interface GraphApiClient {
  /**
   * Sends one message; returns its WhatsApp id. Retries, with exponential backoff and jitter
   * (at most `maxRetries` times), only failures that prove Meta did not take the message: 429,
   * 5xx with Meta's error body, connect-phase network errors. Throws GraphApiError when it
   * gives up, at once on a 4xx, and at once with `outcomeUnknown` when the request may have
   * reached Meta (timeout or reset after the body was written): never posted twice then.
   */
  sendMessage(target: GraphTarget, body: Record<string, unknown>): Promise<{ waMessageId: string }>;
  /** Marks a customer message read and shows the typing indicator. Best effort: never throws. */
  markAsReadWithTyping(target: GraphTarget, waMessageId: string): Promise<void>;
}

export interface GraphApiClientOptions {
  baseUrl: string;
  version: string;
  maxRetries: number;
  logger: Logger;
  /** first backoff delay; doubles each retry, plus up to the same again of jitter */
  baseDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
  /** opens the sealed access tokens; defaults to one that accepts only plain tokens */
  credentials?: Keyring;
}

/** A client of the WhatsApp Cloud API (`{baseUrl}/{version}/{phone_number_id}/messages`). */
export function createGraphApiClient(options: GraphApiClientOptions): GraphApiClient {
  const baseDelayMs = options.baseDelayMs ?? 300;
  const maxDelayMs = options.maxDelayMs ?? 5000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const logger = options.logger.child({ component: 'graph-api' });
  const credentials = options.credentials ?? plainOnlyKeyring;
  const urlOf = (phoneNumberId: string) =>
    `${options.baseUrl.replace(/\/+$/, '')}/${options.version}/${encodeURIComponent(phoneNumberId)}/messages`;

  // `token` is the opened one: opening (which may throw) happens before, never inside a request's try.
  const post = (phoneNumberId: string, token: string, body: unknown, timeout: number) =>
    fetch(urlOf(phoneNumberId), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeout),
    });

  return {
    async sendMessage(target, body) {
      const token = credentials.open(target.accessToken);
      for (let attempt = 0; ; attempt++) {
        let failure: GraphApiError;
        let retryAfterMs: number | null = null;
        try {
          let response: Response;
          try {
            response = await post(target.phoneNumberId, token, body, timeoutMs);
          } catch (error) {
            throw fetchFailure(error);
          }
          if (response.ok) {
            let json: { messages?: { id?: unknown }[] };
            try {
              json = (await response.json()) as typeof json;
            } catch (error) {
              // Meta answered 2xx: it took the message, but its id was lost on the way.
              throw new GraphApiError(`Graph API answer unreadable: ${describe(error)}`, response.status, null, null, false, true);
            }
            const waMessageId = json.messages?.[0]?.id;
            if (typeof waMessageId !== 'string')
              throw new GraphApiError('Graph API answered 2xx without a message id', response.status, null, null, false, true);
            return { waMessageId };
          }
          failure = await toGraphApiError(response);
          const retryAfter = Number(response.headers.get('retry-after'));
          if (Number.isFinite(retryAfter) && retryAfter > 0) retryAfterMs = retryAfter * 1000;
        } catch (error) {
          if (!(error instanceof GraphApiError) || !error.retryable) throw error;
          failure = error;
        }
        if (!failure.retryable || attempt >= options.maxRetries) throw failure;
        const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
        const delay = Math.min(maxDelayMs, retryAfterMs ?? backoff + Math.random() * backoff);
        logger.warn({ status: failure.httpStatus, attempt: attempt + 1, delayMs: Math.round(delay) }, 'graph api send failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    },

    async markAsReadWithTyping(target, waMessageId) {
      // The same request shape as a send, but idempotent: any failure is only logged.
      try {
        const response = await post(
          target.phoneNumberId,
          credentials.open(target.accessToken),
          { messaging_product: 'whatsapp', status: 'read', message_id: waMessageId, typing_indicator: { type: 'text' } },
          5000,
        );
        if (!response.ok) logger.debug({ status: response.status }, 'mark-as-read refused');
        await response.body?.cancel();
      } catch (error) {
        logger.debug({ err: error }, 'mark-as-read failed');
      }
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** A thrown fetch: retryable when it proves the request never left, else an unknown outcome. */
function fetchFailure(error: unknown): GraphApiError {
  if (classifyFetchFailure(error) === 'not_sent') {
    return new GraphApiError(`Graph API unreachable: ${describe(error)}`, null, null, null, true);
  }
  return new GraphApiError(`Graph API request may have reached Meta: ${describe(error)}`, null, null, null, false, true);
}
