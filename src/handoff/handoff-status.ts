/**
 * Life cycle of a handoff: `pending` (waiting in the queue, bot silent) → `claimed` (an
 * attendant took it, bot silent) → `resolved` (closed, the bot answers again).
 * A handoff may also be resolved straight from `pending`.
 */
export const HANDOFF_STATUSES = ['pending', 'claimed', 'resolved'] as const;

export type HandoffStatus = (typeof HANDOFF_STATUSES)[number];
