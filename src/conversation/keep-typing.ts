import type { GraphApiClient } from '../graph/index.js';
import type { LoadedTurn } from './load-turn.js';

/** WhatsApp hides the typing indicator after 25 s; refreshing a little earlier keeps it on. */
export const DEFAULT_TYPING_REFRESH_MS = 20_000;

/**
 * Marks the turn's last message read and shows "typing…" now, then again every `refreshMs`
 * until the returned stop function is called (the run ended), so a run longer than WhatsApp's
 * 25 s keeps the indicator on. Best effort: never awaited, never fails the run. Nothing for a
 * sandbox tenant or a turn without a WhatsApp message id.
 */
export function keepTyping(graph: GraphApiClient, turn: LoadedTurn, refreshMs = DEFAULT_TYPING_REFRESH_MS): () => void {
  const last = turn.messages[turn.messages.length - 1];
  const accessToken = turn.tenant.accessToken;
  const waMessageId = last?.waMessageId;
  if (!accessToken || !waMessageId) return () => undefined;
  const target = { phoneNumberId: turn.tenant.phoneNumberId, accessToken };
  const show = () => {
    void graph.markAsReadWithTyping(target, waMessageId).catch(() => undefined);
  };
  show();
  const timer = setInterval(show, refreshMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
