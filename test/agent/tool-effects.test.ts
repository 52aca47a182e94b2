import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../src/db/index.js';
import { type AppointmentChange, type ClaimKind, defineTool, type ToolDefinition } from '../../src/shared/index.js';
import { text, toolCalls } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario, testTools } from './agent-test-kit.js';

/**
 * A tool the agent has never heard of, declared only by its definition: nothing in
 * src/agent/ names it. Whether it is a write, which claim its success backs and on which
 * appointment, must come from `effect`, `claims` and `changeOf` alone.
 */
interface Confirmation {
  confirmado: boolean;
  agendamento: { id: number; data: string; inicio: string; fim: string };
}

function confirmAttendanceTool(effect: { effect: 'read' } | { effect: 'write'; claims: ClaimKind }): ToolDefinition {
  const changeOf = (output: Confirmation): AppointmentChange => ({
    appointmentId: output.agendamento.id,
    date: output.agendamento.data,
    start: output.agendamento.inicio,
    end: output.agendamento.fim,
  });
  return defineTool({
    name: 'confirmar_presenca',
    description: 'Confirma a presença do cliente no próximo agendamento.',
    ...(effect.effect === 'write' ? { ...effect, changeOf } : effect),
    input: z.object({}),
    // Tomorrow (Wednesday 2026-12-02) at 10:00, local time.
    async handler(): Promise<Confirmation> {
      return { confirmado: true, agendamento: { id: 424242, data: '2026-12-02', inicio: '10:00', fim: '10:30' } };
    },
  });
}

const CONFIRMATION = 'Pronto, seu horário está confirmado para amanhã às 10h!';

async function recordedCalls(db: Db, runId: number) {
  return db.agentToolCall.findMany({ where: { runId }, select: { name: true, isError: true } });
}

describe('agent loop: tools describe themselves', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when a new write tool is registered, then its call is recorded before the model hears back and its success backs the claim it declares', async () => {
    const scenario = await agentScenario(database.db, {
      tools: [...testTools(database.db), confirmAttendanceTool({ effect: 'write', claims: 'booked' })],
    });
    let recordedBeforeAnswer: { name: string; isError: boolean }[] = [];
    scenario.claude.enqueue(toolCalls([{ name: 'confirmar_presenca' }]), async () => {
      // A write's record is committed at once, not with the next step (a crash here must not redo the write).
      recordedBeforeAnswer = await recordedCalls(database.db, input.runId);
      return text(CONFIRMATION);
    });
    const input = await scenario.startRun('confirma minha presença amanhã?');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: CONFIRMATION }] });
    expect(recordedBeforeAnswer).toEqual([{ name: 'confirmar_presenca', isError: false }]);
    expect(scenario.claude.requests).toHaveLength(2);
  });

  it('when the same tool is declared a read, then its success backs nothing: the claim is not sent and the model is asked again', async () => {
    const scenario = await agentScenario(database.db, { tools: [...testTools(database.db), confirmAttendanceTool({ effect: 'read' })] });
    let recordedBeforeAnswer: { name: string; isError: boolean }[] = [{ name: 'sentinel', isError: true }];
    scenario.claude.enqueue(
      toolCalls([{ name: 'confirmar_presenca' }]),
      async () => {
        // A read's record waits for the next step's commit.
        recordedBeforeAnswer = await recordedCalls(database.db, input.runId);
        return text(CONFIRMATION);
      },
      text('Vou verificar com a equipe e te aviso.'),
    );
    const input = await scenario.startRun('confirma minha presença amanhã?');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: 'Vou verificar com a equipe e te aviso.' }] });
    expect(recordedBeforeAnswer).toEqual([]);
    expect(scenario.claude.requests.at(-1)?.raw).toContain('NÃO foi enviada');
  });

  it('when a write tool backs a different claim, then a claim of another kind is still caught', async () => {
    const scenario = await agentScenario(database.db, {
      tools: [...testTools(database.db), confirmAttendanceTool({ effect: 'write', claims: 'cancelled' })],
    });
    scenario.claude.enqueue(toolCalls([{ name: 'confirmar_presenca' }]), text(CONFIRMATION), text('Certo, anotado.'));
    const outcome = await scenario.responder.respond(await scenario.startRun('confirma?'));
    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: 'Certo, anotado.' }] });
  });
});
