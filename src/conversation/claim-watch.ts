import type { Db } from '../db/index.js';

export interface ClaimWatchScope {
  tenantId: number;
  conversationId: number;
}

/**
 * Tells running turns that an attendant claimed their conversation. One per worker: every
 * `pollMs` ONE query looks at all the conversations being answered right now, however many
 * turns run (a query per running turn was the soak's most frequent statement). The timer runs
 * only while some turn is watched.
 */
export interface ClaimWatch {
  /** Aborts the returned signal when the conversation is claimed; call `stop()` when the turn ends. */
  watch(scope: ClaimWatchScope): { signal: AbortSignal; stop(): void };
  /** how many polls ran so far (one per tick while anything is watched) */
  polls(): number;
}

export function createClaimWatch(db: Db, pollMs: number): ClaimWatch {
  const watched = new Map<AbortController, ClaimWatchScope>();
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  let polls = 0;

  const poll = async () => {
    if (polling || watched.size === 0) return;
    polling = true;
    polls++;
    const entries = [...watched.entries()];
    try {
      const claimed = await db.$queryRaw<{ tenant_id: number; conversation_id: number }[]>`
        SELECT h.tenant_id, h.conversation_id FROM handoffs h
        JOIN unnest(${entries.map(([, scope]) => scope.tenantId)}::int[], ${entries.map(([, scope]) => scope.conversationId)}::int[])
          AS w(tenant_id, conversation_id) ON w.tenant_id = h.tenant_id AND w.conversation_id = h.conversation_id
        WHERE h.status = 'claimed'`;
      const keys = new Set(claimed.map((row) => `${row.tenant_id}:${row.conversation_id}`));
      for (const [controller, scope] of entries)
        if (keys.has(`${scope.tenantId}:${scope.conversationId}`)) controller.abort(new Error('conversation claimed by an attendant'));
    } catch {
      // A failed poll only delays noticing a claim; the turn's final transaction checks again.
    } finally {
      polling = false;
    }
  };

  return {
    watch(scope) {
      const controller = new AbortController();
      watched.set(controller, scope);
      timer ??= setInterval(() => void poll(), pollMs);
      return {
        signal: controller.signal,
        stop: () => {
          watched.delete(controller);
          if (watched.size === 0 && timer) {
            clearInterval(timer);
            timer = undefined;
          }
        },
      };
    },
    polls: () => polls,
  };
}
