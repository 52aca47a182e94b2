import { describe, expect, it } from 'vitest';
import { GIVE_UP_NOTE, planTurnEnding, type TurnEnding, type TurnScope } from '../../src/conversation/index.js';

// Pure: what each ending writes, decided without a database.
const scope: TurnScope = { tenantId: 1, conversationId: 7, messageIds: [40, 41] };
const unclaimed = { claimedByAttendant: false };
const claimed = { claimedByAttendant: true };
const reply = [{ type: 'text' as const, text: 'Oi!' }];

describe('planTurnEnding', () => {
  it('when the agent answers, then its replies, its history entry, the processing marks and the run ending are one plan', () => {
    const plan = planTurnEnding(
      {
        kind: 'answer',
        run: { id: 3 },
        replies: reply,
        record: { historyEntry: { role: 'assistant', content: [{ type: 'text', text: 'Oi!' }] }, stopReason: 'end_turn' },
      },
      scope,
      unclaimed,
    );
    expect(plan).toMatchObject({
      committedKind: 'answer',
      replies: { replies: reply, author: 'bot', idempotencyKeyPrefix: 'run:3', runId: 3 },
      markProcessed: { runId: 3 },
      run: { id: 3, status: 'completed', outcome: 'answer', stopReason: 'end_turn', handoffReason: null },
      historyEntry: { runId: 3 },
      textOnlyNotice: 'clear',
    });
    expect(plan.handoff).toBeUndefined();
  });

  it.each<TurnEnding>([
    { kind: 'answer', run: { id: 3 }, replies: reply },
    { kind: 'answer_and_handoff', run: { id: 3 }, reason: 'requested_by_customer', replies: reply },
    { kind: 'handoff', run: { id: 3 }, reason: 'offline_not_understood' },
  ])(
    'when an attendant claimed the chat, then a run ending ($kind) commits as cancelled: nothing sent, remembered or handed off',
    (ending) => {
      const plan = planTurnEnding(
        { ...ending, record: { historyEntry: { role: 'assistant', content: [] }, assistantState: {} } } as TurnEnding,
        scope,
        claimed,
      );
      expect(plan).toMatchObject({ committedKind: 'cancelled', markProcessed: { runId: 3 }, run: { outcome: 'cancelled' } });
      expect(plan.replies).toBeUndefined();
      expect(plan.historyEntry).toBeUndefined();
      expect(plan.assistantState).toBeUndefined();
      expect(plan.handoff).toBeUndefined();
    },
  );

  it('when a turn is given up, then the handoff note and run error are the fixed text and the apology goes only with the first notice', () => {
    const plan = planTurnEnding({ kind: 'give_up', run: { id: 9 } }, scope, unclaimed);
    expect(plan).toMatchObject({
      committedKind: 'give_up',
      handoff: { reason: 'processing_failed', note: GIVE_UP_NOTE, runId: 9 },
      handoffNotice: 'requires',
      replies: { author: 'system', idempotencyKeyPrefix: 'gave-up:7:41' },
      run: { status: 'failed', outcome: 'gave_up', error: GIVE_UP_NOTE },
    });
  });

  it('when nothing is readable, then the notice sets the text-only flag; any other ending of a turn clears it', () => {
    expect(planTurnEnding({ kind: 'unreadable_notice', audio: false }, scope, unclaimed).textOnlyNotice).toBe('set');
    expect(planTurnEnding({ kind: 'silence_while_handed_off' }, scope, unclaimed).textOnlyNotice).toBe('clear');
    expect(planTurnEnding({ kind: 'handoff', run: null, reason: 'unsupported_message' }, scope, unclaimed)).toMatchObject({
      textOnlyNotice: 'clear',
      handoffNotice: 'requires',
      handoff: { reason: 'unsupported_message', runId: null },
    });
  });

  it('when a run is superseded, then only its row changes: no message is marked, nothing is sent', () => {
    const plan = planTurnEnding({ kind: 'superseded', run: { id: 5 } }, scope, unclaimed);
    expect(plan).toMatchObject({
      committedKind: 'superseded',
      markProcessed: null,
      textOnlyNotice: 'keep',
      run: { outcome: 'superseded' },
    });
    expect(plan.replies).toBeUndefined();
  });
});
