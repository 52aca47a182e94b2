import { describe, expect, it } from 'vitest';
import { customerTexts } from '../../src/agent/agent-texts.js';
import type { ModelCallResult } from '../../src/agent/call-model.js';
import { finalAnswerStep } from '../../src/agent/final-answer-step.js';
import type { ModelMessage } from '../../src/agent/model-types.js';
import type { StepLedger } from '../../src/agent/next-step.js';
import { stepAfterFailure } from '../../src/agent/step-after-failure.js';
import { type CallFacts, stepBeforeCall } from '../../src/agent/step-before-call.js';
import type { ConfirmedWrite } from '../../src/answer-claims/index.js';
import { message, textBlock } from '../fakes/anthropic.js';

// Pure decisions around each model call: no database, no HTTP.
const calm: CallFacts = { cancelled: false, transferRequested: null, exhaustedBudget: null };
const ledger = (writes: ConfirmedWrite[] = []): StepLedger => ({ claimEvidence: () => ({ writes, known: [], today: '2026-12-01' }) });
const booked: ConfirmedWrite = { kind: 'booked', appointmentId: 7, date: '2026-12-02', start: '10:00', end: '10:30' };
const answered = (text: string, stopReason: string): ModelCallResult => ({
  ok: true,
  message: message([textBlock(text)], stopReason).message as ModelMessage,
});

describe('stepBeforeCall: whether the loop may call the model again', () => {
  it('when nothing stops the run, then it calls', () => {
    expect(stepBeforeCall(calm)).toEqual({ kind: 'call' });
  });

  it('when the run was cancelled, then it stops first, whatever else holds', () => {
    expect(stepBeforeCall({ cancelled: true, transferRequested: 'quer falar com a Ana', exhaustedBudget: 'deadline' })).toEqual({
      kind: 'cancel',
    });
  });

  it('when the model transferred the chat, then it transfers, saying goodbye only while no budget is used up', () => {
    expect(stepBeforeCall({ ...calm, transferRequested: 'pediu uma pessoa' })).toEqual({
      kind: 'transfer',
      motivo: 'pediu uma pessoa',
      goodbye: true,
    });
    expect(stepBeforeCall({ ...calm, transferRequested: '', exhaustedBudget: 'iteration_limit' })).toEqual({
      kind: 'transfer',
      motivo: '',
      goodbye: false,
    });
  });

  it.each(['iteration_limit', 'token_budget', 'deadline'] as const)(
    'when the %s budget is used up, then a final answer is forced',
    (reason) => {
      expect(stepBeforeCall({ ...calm, exhaustedBudget: reason })).toEqual({ kind: 'force_answer', reason });
    },
  );
});

describe('stepAfterFailure: what a failed model call leads to', () => {
  it('when the call was cancelled or ran into the deadline, then the run stops or forces its final answer', () => {
    expect(stepAfterFailure('cancelled')).toEqual({ kind: 'cancel' });
    expect(stepAfterFailure('deadline')).toEqual({ kind: 'force_answer', reason: 'deadline' });
  });

  it('when the API is down or refuses the request, then a person takes over with an apology, the refusal logged as an error', () => {
    expect(stepAfterFailure('outage')).toMatchObject({
      kind: 'handoff',
      reason: 'llm_unavailable',
      text: customerTexts.llmUnavailable,
      stopReason: 'llm_unavailable',
      severity: 'warn',
    });
    expect(stepAfterFailure('rejected')).toMatchObject({
      kind: 'handoff',
      reason: 'processing_failed',
      text: customerTexts.processingFailed,
      stopReason: 'api_error',
      severity: 'error',
    });
  });
});

describe('finalAnswerStep: what the last, tool-less call yields', () => {
  it('when it answers plainly, then that text is sent', () => {
    expect(finalAnswerStep(answered('Uma atendente continua com você.', 'end_turn'), ledger())).toEqual({
      kind: 'answer',
      text: 'Uma atendente continua com você.',
      truncated: false,
    });
  });

  it('when it is cut by max_tokens, then its complete sentences are sent, marked truncated', () => {
    expect(finalAnswerStep(answered('Uma atendente continua. Até lo', 'max_tokens'), ledger())).toEqual({
      kind: 'answer',
      text: 'Uma atendente continua.',
      truncated: true,
    });
  });

  it('when it refuses, comes back empty or fails, then the default text is used; a cancelled call stops the run', () => {
    expect(finalAnswerStep(answered('', 'refusal'), ledger())).toEqual({ kind: 'fallback', truncated: false, warning: null });
    expect(finalAnswerStep(answered('   ', 'end_turn'), ledger())).toMatchObject({ kind: 'fallback' });
    expect(finalAnswerStep({ ok: false, failure: 'outage', error: new Error('529') }, ledger())).toMatchObject({
      kind: 'fallback',
      warning: 'final answer call failed',
    });
    expect(finalAnswerStep({ ok: false, failure: 'cancelled', error: null }, ledger())).toEqual({ kind: 'cancelled' });
  });

  it('when it claims a booking no write of the run backs, then it is replaced; a backing write lets it through', () => {
    const claim = answered('Pronto, seu horário está agendado para quarta às 10:00!', 'end_turn');
    expect(finalAnswerStep(claim, ledger())).toMatchObject({ kind: 'fallback', warning: expect.stringContaining('no tool confirmed') });
    expect(finalAnswerStep(claim, ledger([booked]))).toMatchObject({ kind: 'answer' });
  });
});
