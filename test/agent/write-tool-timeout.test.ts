import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import { createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { fixedClock, silentLogger, type ToolDefinition } from '../../src/shared/index.js';
import { text, toolCalls } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario, NOW } from './agent-test-kit.js';

/** The real scheduling tools with agendar slowed: `before` ms before booking, `after` ms after it committed (first call only). */
function slowAgendar(database: TestDatabase, delays: { before: number; after: number }, calls: { count: number }): ToolDefinition[] {
  return createSchedulingTools(schedulingToolDepsOf({ db: database.db, clock: fixedClock(NOW), logger: silentLogger })).map((tool) =>
    tool.name !== 'agendar'
      ? tool
      : {
          ...tool,
          handler: async (input, context) => {
            calls.count++;
            const first = calls.count === 1;
            if (first) await sleep(delays.before);
            const result = await tool.handler(input, context);
            if (first) await sleep(delays.after);
            return result;
          },
        },
  );
}

// Item: Promise.race gave up on a slow agendar while it went on to commit: the model told the
// customer the booking failed, and the booking existed.
describe('agent loop: a write tool that runs past its timeout', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it.each([
    ['commits just after the timeout', { before: 1300, after: 0 }],
    ['commits, then hangs far beyond the timeout', { before: 0, after: 6000 }],
  ])(
    'when agendar %s, then the model is told it succeeded and exactly one appointment exists',
    async (_what, delays) => {
      const calls = { count: 0 };
      const scenario = await agentScenario(database.db, {
        tools: slowAgendar(database, delays, calls),
        env: { AGENT_TOOL_TIMEOUT_MS: '1000' },
      });
      const [ana] = scenario.tenant.professionals;
      const [corte] = scenario.tenant.services;
      scenario.claude.enqueue(
        toolCalls([{ name: 'agendar', input: { profissional_id: ana?.id, servico_id: corte?.id, inicio: '2026-12-02T10:00' } }]),
        text('Pronto, agendado!'),
      );
      const input = await scenario.startRun('marca quarta 10h com a Ana');
      await scenario.responder.respond(input);

      const [result] = scenario.claude.lastToolResults();
      expect(result?.is_error).toBeUndefined();
      expect(JSON.parse(String(result?.content))).toMatchObject({ agendamento: { inicio: '10:00' } });
      expect(await database.db.appointment.count({ where: { customerId: scenario.customerId } })).toBe(1);
      expect(await database.db.agentToolCall.findFirst({ where: { runId: input.runId, name: 'agendar' } })).toMatchObject({
        isError: false,
      });
    },
    30_000,
  );
});
