import { describe, expect, it } from 'vitest';
import { runExitOf } from '../../src/conversation/index.js';
import { HANDOFF_REASONS, type HandoffReason } from '../../src/handoff/index.js';

describe('runExitOf', () => {
  it('names every ending: answers, declared give-ups, each handoff reason and cancellations', () => {
    expect(runExitOf({ kind: 'answer', replies: [] })).toBe('success');
    expect(runExitOf({ kind: 'answer', replies: [], exit: 'gave_up' })).toBe('gave_up');
    expect(runExitOf({ kind: 'cancelled' })).toBe('cancelled');
    const exits = Object.fromEntries(
      (Object.keys(HANDOFF_REASONS) as HandoffReason[]).map((reason) => [reason, runExitOf({ kind: 'handoff', reason, replies: [] })]),
    );
    expect(exits).toEqual({
      requested_by_customer: 'need_help',
      message_flood: 'need_help',
      owner_replied: 'need_help',
      reminder_cancel_too_late: 'need_help',
      refusal: 'refused',
      tool_use_truncated: 'error',
      unknown_stop_reason: 'error',
      iteration_limit: 'limit',
      token_budget: 'limit',
      deadline: 'limit',
      llm_unavailable: 'error',
      unsupported_message: 'need_help',
      processing_failed: 'error',
      delivery_failed: 'need_help',
      offline_not_understood: 'need_help',
      complaint: 'need_help',
      outside_window: 'need_help',
      staff_takeover: 'cancelled',
    });
  });
});
