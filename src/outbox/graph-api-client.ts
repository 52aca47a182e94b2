import type { Logger } from '../shared/index.js';
import { GraphApiError, toGraphApiError } from './graph-api-error.js';

export interface GraphTarget {
  phoneNumberId: string;
  accessToken: string;
}

export interface GraphApiClient {
  /**
   * Sends one message; returns its WhatsApp id. Retries 429, 5xx and network errors with
   * exponential backoff and jitter (at most `maxRetries` times); throws GraphApiError when it
   * gives up or at once on a 4xx.
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
}

/** A client of the WhatsApp Cloud API (`{baseUrl}/{version}/{phone_number_id}/messages`). */
export function createGraphApiClient(options: GraphApiClientOptions): GraphApiClient {
  const baseDelayMs = options.baseDelayMs ?? 300;
  const maxDelayMs = options.maxDelayMs ?? 5000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const logger = options.logger.child({ component: 'graph-api' });
  const urlOf = (phoneNumberId: string) =>
    `${options.baseUrl.replace(/\/+$/, '')}/${options.version}/${encodeURIComponent(phoneNumberId)}/messages`;

  const post = (target: GraphTarget, body: unknown, timeout: number) =>
    fetch(urlOf(target.phoneNumberId), {
      method: 'POST',
      headers: { authorization: `Bearer ${target.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeout),
    });

  return {
    async sendMessage(target, body) {
      for (let attempt = 0; ; attempt++) {
        let failure: GraphApiError;
        let retryAfterMs: number | null = null;
        try {
          const response = await post(target, body, timeoutMs);
          if (response.ok) {
            const json = (await response.json()) as { messages?: { id?: unknown }[] };
            const waMessageId = json.messages?.[0]?.id;
            if (typeof waMessageId !== 'string')
              throw new GraphApiError('Graph API answered without a message id', response.status, null, null, false);
            return { waMessageId };
          }
          failure = await toGraphApiError(response);
          const retryAfter = Number(response.headers.get('retry-after'));
          if (Number.isFinite(retryAfter) && retryAfter > 0) retryAfterMs = retryAfter * 1000;
        } catch (error) {
          if (error instanceof GraphApiError) throw error;
          failure = new GraphApiError(
            `Graph API unreachable: ${error instanceof Error ? error.message : String(error)}`,
            null,
            null,
            null,
            true,
          );
        }
        if (!failure.retryable || attempt >= options.maxRetries) throw failure;
        const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
        const delay = Math.min(maxDelayMs, retryAfterMs ?? backoff + Math.random() * backoff);
        logger.warn({ status: failure.httpStatus, attempt: attempt + 1, delayMs: Math.round(delay) }, 'graph api send failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    },

    async markAsReadWithTyping(target, waMessageId) {
      try {
        const response = await post(
          target,
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
