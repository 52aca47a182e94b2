import { describe, expect, it } from 'vitest';
import { customerTexts } from '../../src/agent/agent-texts.js';
import type { ModelMessage } from '../../src/agent/model-types.js';
import { MAX_OUTPUT_TOKENS_CEILING, nextStep, type StepBudgets, type StepLedger } from '../../src/agent/next-step.js';
import type { ConfirmedWrite } from '../../src/answer-claims/index.js';
import { message, textBlock, toolUseBlock } from '../fakes/anthropic.js';

// Pure decisions: no database, no HTTP. The responses are the fake's, shaped like the API's.
const response = (content: ModelMessage['content'], stopReason: string | null): ModelMessage =>
  message(content, stopReason).message as ModelMessage;
const ledger = (writes: ConfirmedWrite[] = []): StepLedger => ({ claimEvidence: () => ({ writes, known: [], today: '2026-12-01' }) });
const budgets: StepBudgets = { maxOutputTokens: 1024, requestedMaxTokens: 1024 };
// Wednesday 2026-12-02 10:00, as a successful write's definition reads it from its output.
const booked: ConfirmedWrite = { kind: 'booked', appointmentId: 7, date: '2026-12-02', start: '10:00', end: '10:30' };
const cancelled: ConfirmedWrite = { ...booked, kind: 'cancelled' };

describe('nextStep: what the loop does with a response', () => {
  it('when the model ends its turn or stops on a sequence, then its text is the answer', () => {
    expect(nextStep(response([textBlock('Olá!')], 'end_turn'), ledger(), budgets)).toEqual({
      kind: 'answer',
      text: 'Olá!',
      truncated: false,
    });
    expect(nextStep(response([textBlock('Até!')], 'stop_sequence'), ledger(), budgets)).toEqual({
      kind: 'answer',
      text: 'Até!',
      truncated: false,
    });
  });

  it('when the model asks for tools, then they are run, in order', () => {
    const first = toolUseBlock('listar_servicos', {});
    const second = toolUseBlock('buscar_horarios', { profissional_id: 1, data: '2026-12-02' });
    const step = nextStep(response([textBlock('Vou ver.'), first, second], 'tool_use'), ledger(), budgets);
    expect(step).toEqual({ kind: 'run_tools', toolUses: [first, second] });
  });

  it('when stop_reason is tool_use but no tool_use block came, then it is not a tool step: the text is the answer, with a warning', () => {
    const step = nextStep(response([textBlock('Temos às 10h.')], 'tool_use'), ledger(), budgets);
    expect(step).toMatchObject({ kind: 'answer', text: 'Temos às 10h.', warning: expect.stringContaining('without tool_use') });
  });

  it('when stop_reason is tool_use with neither tools nor text, then the model is asked again', () => {
    expect(nextStep(response([], 'tool_use'), ledger(), budgets)).toEqual({ kind: 'ask_again', reason: 'empty_answer' });
  });

  it('when the turn is paused, then it continues, even though it has no tool_use blocks', () => {
    expect(nextStep(response([textBlock('Pesquisando…')], 'pause_turn'), ledger(), budgets)).toEqual({ kind: 'continue_after_pause' });
  });

  it('when a text answer hits max_tokens, then it is cut to its last complete sentence and marked truncated', () => {
    const step = nextStep(response([textBlock('Temos às 10h. E às 14h! Também às 16')], 'max_tokens'), ledger(), budgets);
    expect(step).toEqual({ kind: 'answer', text: 'Temos às 10h. E às 14h!', truncated: true });
  });

  it('when a tool_use is cut by max_tokens, then it is asked again with a larger limit, and cut again it hands off', () => {
    const cut = response([toolUseBlock('agendar', { profissional_id: 1 })], 'max_tokens');
    expect(nextStep(cut, ledger(), budgets)).toMatchObject({ kind: 'retry_larger', maxTokens: 4096 });
    expect(nextStep(cut, ledger(), { maxOutputTokens: 4000, requestedMaxTokens: 4000 })).toMatchObject({
      kind: 'retry_larger',
      maxTokens: MAX_OUTPUT_TOKENS_CEILING,
    });
    expect(nextStep(cut, ledger(), { maxOutputTokens: 1024, requestedMaxTokens: 4096 })).toMatchObject({
      kind: 'handoff',
      reason: 'tool_use_truncated',
      text: customerTexts.toolUseTruncated,
    });
  });

  it('when the model refuses, then the run hands off as refusal', () => {
    expect(nextStep(response([textBlock('')], 'refusal'), ledger(), budgets)).toMatchObject({
      kind: 'handoff',
      reason: 'refusal',
      text: customerTexts.refusal,
    });
  });

  it('when the context window is exceeded, then it ends like a token budget, keeping the complete sentences', () => {
    expect(nextStep(response([textBlock('Temos às 10h. E às 1')], 'model_context_window_exceeded'), ledger(), budgets)).toMatchObject({
      kind: 'handoff',
      reason: 'token_budget',
      text: 'Temos às 10h.',
      truncated: true,
    });
    expect(nextStep(response([], 'model_context_window_exceeded'), ledger(), budgets)).toMatchObject({
      kind: 'handoff',
      reason: 'token_budget',
      text: customerTexts.budgetExhausted,
      truncated: false,
    });
    // A cut answer that claims a booking nobody made is not kept either.
    expect(nextStep(response([textBlock('Agendado! Até')], 'model_context_window_exceeded'), ledger(), budgets)).toMatchObject({
      text: customerTexts.budgetExhausted,
    });
  });

  it.each(['a_future_stop_reason', 'compaction', '', null])(
    'when the stop_reason is %j (unknown or missing), then it hands off as unknown_stop_reason',
    (stop) => {
      expect(nextStep(response([textBlock('...')], stop), ledger(), budgets)).toMatchObject({
        kind: 'handoff',
        reason: 'unknown_stop_reason',
        text: customerTexts.unknownStopReason,
      });
    },
  );

  it('when the answer is empty, then the model is asked again', () => {
    expect(nextStep(response([textBlock('  ')], 'end_turn'), ledger(), budgets)).toEqual({ kind: 'ask_again', reason: 'empty_answer' });
  });

  it('when the answer claims a booking no write backs, then it is not sent and the model is asked again; a backing write lets it through', () => {
    const claim = response([textBlock('Pronto, seu horário foi marcado para quarta.')], 'end_turn');
    expect(nextStep(claim, ledger(), budgets)).toMatchObject({
      kind: 'ask_again',
      reason: 'unverified_success',
      rejectedText: 'Pronto, seu horário foi marcado para quarta.',
    });
    expect(nextStep(claim, ledger([cancelled]), budgets)).toMatchObject({ kind: 'ask_again' });
    expect(nextStep(claim, ledger([booked]), budgets)).toMatchObject({ kind: 'answer' });
  });

  it('when the model answers through responder_cliente alone, then its declaration is checked against the writes', () => {
    const answer = (afirma: string, extra: Record<string, unknown> = {}) =>
      response([toolUseBlock('responder_cliente', { texto: 'Até quarta! 😉', afirma, ...extra })], 'tool_use');
    const declared = answer('agendou');
    const refused = nextStep(declared, ledger(), budgets);
    expect(refused).toMatchObject({ kind: 'ask_again', reason: 'unverified_success', rejectedText: 'Até quarta! 😉' });
    // the call gets its tool_result (an error saying why), so the history stays well-formed
    expect(refused.kind === 'ask_again' && refused.reason === 'unverified_success' && refused.toolUseId).toBeTruthy();
    expect(nextStep(declared, ledger([booked]), budgets)).toEqual({ kind: 'answer', text: 'Até quarta! 😉', truncated: false });
    expect(nextStep(answer('agendou', { agendamento_id: 8 }), ledger([booked]), budgets)).toMatchObject({ kind: 'ask_again' });
    expect(nextStep(answer('nao_e_possivel'), ledger(), budgets)).toEqual({
      kind: 'answer',
      text: 'Até quarta! 😉',
      truncated: false,
      gaveUp: true,
    });
  });

  it('when responder_cliente comes with other tools, then they all run as tools (it cannot be final yet)', () => {
    const both = response(
      [toolUseBlock('listar_servicos', {}), toolUseBlock('responder_cliente', { texto: 'Oi', afirma: 'nada' })],
      'tool_use',
    );
    expect(nextStep(both, ledger(), budgets)).toMatchObject({ kind: 'run_tools' });
  });

  it('when a claim names a day or time other than the confirmed write, then it is not sent', () => {
    const wrongTime = response([textBlock('Pronto, agendado para quarta às 11h!')], 'end_turn');
    expect(nextStep(wrongTime, ledger([booked]), budgets)).toMatchObject({ kind: 'ask_again', reason: 'unverified_success' });
    const rightTime = response([textBlock('Pronto, agendado para quarta às 10h!')], 'end_turn');
    expect(nextStep(rightTime, ledger([booked]), budgets)).toMatchObject({ kind: 'answer' });
  });
});
