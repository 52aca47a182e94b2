import { describe, expect, it } from 'vitest';
import { GIVE_UP_NOTE, OUTSIDE_WINDOW_NOTE, planTurnEnding, type TurnEnding, type TurnScope } from '../../src/conversation/index.js';

// Pure: what each ending writes, decided without a database.
const scope: TurnScope = { tenantId: 1, conversationId: 7, messageIds: [40, 41] };
const unclaimed = { claimedByAttendant: false, customerWindow: 'open' } as const;
const claimed = { claimedByAttendant: true, customerWindow: 'open' } as const;
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
      run: { status: 'failed', outcome: 'give_up', error: GIVE_UP_NOTE },
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

  it("when a reminder tap is answered without a run, then its reply, its handoff (whose notice the reply is) and the reminder's answer are one plan", () => {
    const answer = { tenantId: 1, reminderId: 9, answer: 'cancel' as const };
    const tooLate = planTurnEnding(
      {
        kind: 'reminder_answer',
        replies: reply,
        reminderAnswer: answer,
        handoff: { reason: 'reminder_cancel_too_late', note: 'fora do prazo' },
      },
      scope,
      unclaimed,
    );
    expect(tooLate).toMatchObject({
      committedKind: 'reminder_answer',
      handoff: { reason: 'reminder_cancel_too_late', note: 'fora do prazo', runId: null },
      handoffNotice: 'claims',
      replies: { replies: reply, author: 'bot', idempotencyKeyPrefix: 'reminder:7:41', runId: null },
      markProcessed: { runId: null },
      reminderAnswer: answer,
      textOnlyNotice: 'clear',
    });
    expect(tooLate.run).toBeUndefined();
    // A repeated tap: processed, nothing queued, nothing recorded.
    const repeat = planTurnEnding({ kind: 'reminder_answer', replies: [] }, scope, unclaimed);
    expect(repeat).toMatchObject({ committedKind: 'reminder_answer', handoffNotice: 'none', markProcessed: { runId: null } });
    expect(repeat.replies).toBeUndefined();
    expect(repeat.handoff).toBeUndefined();
    expect(repeat.reminderAnswer).toBeUndefined();
  });

  it("when a Remarcar run ends, then the reminder's answer is in its plan, even when an attendant claimed the chat (it is what the customer tapped)", () => {
    const answer = { tenantId: 1, reminderId: 9, answer: 'reschedule' as const };
    expect(
      planTurnEnding({ kind: 'answer', run: { id: 3 }, replies: reply, reminderAnswer: answer }, scope, unclaimed).reminderAnswer,
    ).toEqual(answer);
    const claimedPlan = planTurnEnding({ kind: 'answer', run: { id: 3 }, replies: reply, reminderAnswer: answer }, scope, claimed);
    expect(claimedPlan).toMatchObject({ committedKind: 'cancelled', reminderAnswer: answer });
  });

  it('when the window is closed, then an answer queues nothing and becomes an outside_window handoff, never a success', () => {
    const closed = { claimedByAttendant: false, customerWindow: 'closed' } as const;
    const plan = planTurnEnding(
      {
        kind: 'answer',
        run: { id: 3 },
        replies: reply,
        record: { historyEntry: { role: 'assistant', content: [{ type: 'text', text: 'Oi!' }] }, stopReason: 'end_turn' },
      },
      scope,
      closed,
    );
    expect(plan).toMatchObject({
      committedKind: 'handoff',
      handoff: { reason: 'outside_window', note: OUTSIDE_WINDOW_NOTE, runId: 3 },
      handoffNotice: 'none',
      markProcessed: { runId: 3 },
      run: { id: 3, status: 'completed', outcome: 'handoff', exit: 'need_help', handoffReason: 'outside_window', stopReason: 'end_turn' },
    });
    expect(plan.replies).toBeUndefined();
    expect(plan.historyEntry).toBeUndefined();
  });

  it('when the window is closed, then every ending that would speak hands off instead, naming the reason it had', () => {
    const closed = { claimedByAttendant: false, customerWindow: 'closed' } as const;
    const endings: TurnEnding[] = [
      { kind: 'answer_and_handoff', run: { id: 3 }, reason: 'requested_by_customer', replies: reply },
      { kind: 'handoff', run: null, reason: 'message_flood' },
      { kind: 'silence_while_handed_off' },
      { kind: 'unreadable_notice', audio: true },
      { kind: 'reminder_answer', replies: reply },
      { kind: 'give_up', run: { id: 4 } },
    ];
    for (const ending of endings) {
      const plan = planTurnEnding(ending, scope, closed);
      expect(plan.replies, ending.kind).toBeUndefined();
      expect(plan.handoff?.reason, ending.kind).toBe('outside_window');
      expect(plan.textOnlyNotice, ending.kind).not.toBe('set');
    }
    expect(planTurnEnding(endings[0]!, scope, closed).handoff?.note).toContain('O cliente pediu para falar com uma pessoa');
    // Endings that say nothing are not changed by the window.
    expect(planTurnEnding({ kind: 'superseded', run: { id: 5 } }, scope, closed).committedKind).toBe('superseded');
    expect(planTurnEnding({ kind: 'reminder_answer', replies: [] }, scope, closed).handoff).toBeUndefined();
    expect(planTurnEnding({ kind: 'answer', run: { id: 6 }, replies: [] }, scope, closed)).toMatchObject({
      committedKind: 'answer',
      run: { outcome: 'answer', exit: 'success' },
    });
  });
});
