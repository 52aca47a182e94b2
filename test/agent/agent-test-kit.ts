import { z } from 'zod';
import { type AgentResponderDeps, createAgentResponder, type ModelBreaker } from '../../src/agent/index.js';
import { loadConfig } from '../../src/config/index.js';
import type { Responder, RespondInput } from '../../src/conversation/index.js';
import type { Db } from '../../src/db/index.js';
import { type Clock, defineTool, fixedClock, silentLogger, type ToolDefinition, ToolDomainException } from '../../src/shared/index.js';
import { installScriptedClaude, type ScriptedClaude } from '../fakes/anthropic.js';
import { commitOutcome } from '../support/commit-outcome.js';
import { createInboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';

/** Tuesday 2 Dec 2026, 10:00 in São Paulo. */
export const NOW = '2026-12-01T13:00:00.000Z';

export interface AgentScenario {
  db: Db;
  tenant: TestTenant;
  conversationId: number;
  customerId: number;
  claude: ScriptedClaude;
  responder: Responder;
  breaker: RecordingBreaker;
  /** stores an inbound customer message and a fresh `agent_runs` row, as the conversation job does */
  startRun(text: string, options?: { signal?: AbortSignal }): Promise<RespondInput>;
}

export class RecordingBreaker implements ModelBreaker {
  successes = 0;
  failures = 0;
  async recordSuccess() {
    this.successes++;
  }
  async recordFailure() {
    this.failures++;
  }
}

/** A tenant, a conversation, the scripted Claude on msw and the agent responder wired to them. */
export async function agentScenario(
  db: Db,
  options: { tools?: ToolDefinition[]; env?: Record<string, string>; clock?: Clock } = {},
): Promise<AgentScenario> {
  const tenant = await createTestTenant(db);
  const { conversation, customer } = await createTestConversation(db, tenant.id);
  const claude = installScriptedClaude(mswServer);
  const breaker = new RecordingBreaker();
  const config = loadConfig({ NODE_ENV: 'test', ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_MAX_RETRIES: '2', ...options.env });
  const deps: AgentResponderDeps = {
    db,
    logger: silentLogger,
    clock: options.clock ?? fixedClock(NOW),
    config,
    tools: options.tools ?? testTools(db),
    breaker,
  };
  const agent = createAgentResponder(deps);
  // As the conversation job does: the outcome is committed by the turn's commit (replies, history entry, run columns).
  const responder: Responder = {
    name: agent.name,
    async respond(input) {
      const outcome = await agent.respond(input);
      await commitOutcome(db, input, outcome);
      const { record: _record, ...visible } = outcome;
      return visible;
    },
  };
  return {
    db,
    tenant,
    conversationId: conversation.id,
    customerId: customer.id,
    claude,
    responder,
    breaker,
    async startRun(text, runOptions = {}) {
      const message = await createInboundMessage(db, { tenantId: tenant.id, conversationId: conversation.id, text });
      const run = await db.agentRun.create({
        data: { tenantId: tenant.id, conversationId: conversation.id, responder: 'agent', status: 'running' },
      });
      return {
        tenantId: tenant.id,
        conversationId: conversation.id,
        customerId: customer.id,
        runId: run.id,
        messages: [{ id: message.id, type: 'text', text, createdAt: message.createdAt }],
        signal: runOptions.signal ?? new AbortController().signal,
      };
    },
  };
}

/**
 * A small registry of real tools over the test database, for tests that are about the
 * loop rather than scheduling: listar_servicos reads the tenant's services; agendar
 * inserts an appointment keyed by the tool_use id (idempotent, like the real one).
 */
export function testTools(db: Db): ToolDefinition[] {
  return [
    defineTool({
      name: 'listar_servicos',
      effect: 'read',
      description: 'Lista os serviços.',
      input: z.object({}),
      async handler(_input, context) {
        const services = await db.service.findMany({
          where: { tenantId: context.tenantId },
          orderBy: { id: 'asc' },
          select: { id: true, name: true, durationMinutes: true },
        });
        return { servicos: services.map((service) => ({ id: service.id, nome: service.name, duracao_minutos: service.durationMinutes })) };
      },
    }),
    defineTool({
      name: 'buscar_horarios',
      effect: 'read',
      description: 'Horários livres de um profissional em uma data.',
      input: z.object({ profissional_id: z.number().int().positive(), data: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use AAAA-MM-DD') }),
      async handler(input) {
        if (input.data < '2026-12-01') throw new ToolDomainException('Essa data já passou. Peça outra data ao cliente.');
        return { data: input.data, livres: ['10:00', '10:30', '14:00'] };
      },
    }),
    defineTool({
      name: 'agendar',
      effect: 'write',
      claims: 'booked',
      // The appointment its output names (30 minutes from `inicio`, local time).
      changeOf: (output: { agendamento_id: number; inicio: string }) => ({
        appointmentId: output.agendamento_id,
        date: output.inicio.slice(0, 10),
        start: output.inicio.slice(11, 16),
        end: `${output.inicio.slice(11, 13)}:${String(Number(output.inicio.slice(14, 16)) + 30).padStart(2, '0')}`,
      }),
      description: 'Agenda um horário.',
      input: z.object({ profissional_id: z.number().int().positive(), servico_id: z.number().int().positive(), inicio: z.string() }),
      async handler(input, context) {
        const startsAt = new Date(`${input.inicio}:00-03:00`);
        const appointment = await db.appointment.upsert({
          where: { idempotencyKey: context.toolUseId },
          create: {
            tenantId: context.tenantId,
            customerId: context.customerId,
            professionalId: input.profissional_id,
            serviceId: input.servico_id,
            startsAt,
            endsAt: new Date(startsAt.getTime() + 30 * 60_000),
            idempotencyKey: context.toolUseId,
          },
          update: {},
        });
        return { agendamento_id: appointment.id, inicio: input.inicio };
      },
    }),
  ];
}

/** Every request body the fake received, as one string (for "never contains" checks). */
export const allRequestBodies = (claude: ScriptedClaude) => claude.requests.map((request) => request.raw).join('\n');
