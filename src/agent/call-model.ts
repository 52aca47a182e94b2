import Anthropic from '@anthropic-ai/sdk';
import type { CreateMessageParams, ModelMessage } from './model-types.js';

/** The one SDK method the loop uses; tests and benchmarks may pass any object with it. */
export interface ModelClient {
  messages: { create(params: CreateMessageParams, options?: { signal?: AbortSignal; timeout?: number }): PromiseLike<ModelMessage> };
}

export type ModelCallFailure =
  /** the run's signal was aborted (an attendant took over) */
  | 'cancelled'
  /** the call ran into the run's wall-clock limit */
  | 'deadline'
  /** the API kept failing after the SDK's retries: connection errors, 408/409/429/5xx/529 */
  | 'outage'
  /** the API refused the request itself (400, 401, 403, 404, 413, 422…): a bug or a configuration error */
  | 'rejected';

export type ModelCallResult = { ok: true; message: ModelMessage } | { ok: false; failure: ModelCallFailure; error: unknown };

/**
 * One Messages API call bounded by `timeoutMs` (the SDK's retries with back-off happen
 * inside that time) and by the run's cancellation signal. Never throws: every failure is
 * returned as a value the loop turns into an outcome.
 */
export async function callModel(
  client: ModelClient,
  params: CreateMessageParams,
  bounds: { timeoutMs: number; signal: AbortSignal },
): Promise<ModelCallResult> {
  if (bounds.signal.aborted) return { ok: false, failure: 'cancelled', error: bounds.signal.reason };
  const timeoutMs = Math.max(1, Math.floor(bounds.timeoutMs));
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const cancel = () => controller.abort();
  bounds.signal.addEventListener('abort', cancel, { once: true });
  try {
    const message = await client.messages.create(params, { signal: controller.signal, timeout: timeoutMs });
    return { ok: true, message };
  } catch (error) {
    return { ok: false, failure: classifyModelError(error, { cancelled: bounds.signal.aborted, timedOut }), error };
  } finally {
    clearTimeout(timer);
    bounds.signal.removeEventListener('abort', cancel);
  }
}

function classifyModelError(error: unknown, state: { cancelled: boolean; timedOut: boolean }): ModelCallFailure {
  if (state.cancelled) return 'cancelled';
  if (state.timedOut || error instanceof Anthropic.APIConnectionTimeoutError) return 'deadline';
  if (error instanceof Anthropic.APIConnectionError) return 'outage';
  if (error instanceof Anthropic.APIError) {
    const status = error.status ?? 0;
    return status === 408 || status === 409 || status === 429 || status >= 500 ? 'outage' : 'rejected';
  }
  return 'rejected';
}
