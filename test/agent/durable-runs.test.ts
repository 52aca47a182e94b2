import { beforeAll, describe, expect, it } from 'vitest';
import { createSchedulingTools } from '../../src/scheduling/index.js';
import { fixedClock, silentLogger, type ToolDefinition } from '../../src/shared/index.js';
import { text, toolCalls } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario, NOW } from './agent-test-kit.js';

/** The real scheduling tools, with agendar's handler counted (it still runs the real booking). */
function countedSchedulingTools(database: TestDatabase, counter: { agendar: number }): ToolDefinition[] {
  return createSchedulingTools({ db: database.db, clock: fixedClock(NOW), logger: silentLogger }).map((tool) =>
    tool.name !== 'agendar'
      ? tool
      : {
          ...tool,
          handler: (input, context) => {
            counter.agendar++;
            return tool.handler(input, context);
          },
        },
  );
}

describe('agent loop: durable runs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when a run crashes after agendar ran, then the retried run resumes: no second booking, one model answer, and a further retry replays it', async () => {
    const counter = { agendar: 0 };
    const scenario = await agentScenario(database.db, { tools: countedSchedulingTools(database, counter) });
    const [ana] = scenario.tenant.professionals;
    const [corte] = scenario.tenant.services;
    const booking = toolCalls([
      { name: 'agendar', input: { profissional_id: ana?.id, servico_id: corte?.id, inicio: '2026-12-02T10:00' } },
    ]);
    const answer = 'Pronto! Seu corte com a Ana está agendado para quarta, 02/12, às 10:00.';
    // the first answer is lost with the crash; the retried run asks the model once more
    scenario.claude.enqueue(booking, text(answer), text(answer));
    const input = await scenario.startRun('pode marcar o corte quarta 10h com a Ana');

    // Until the trigger is dropped, the database refuses to store the booking's tool_result turn (committed with the
    // next model response): the worker "dies" after agendar ran and recorded its result, before the answer was stored.
    await database.db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION fail_on_tool_result() RETURNS trigger AS $$
      BEGIN
        IF NEW.content::text LIKE '%tool_result%' THEN
          RAISE EXCEPTION 'simulated crash after the tool ran';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await database.db.$executeRawUnsafe(
      `CREATE TRIGGER crash_after_tool BEFORE INSERT ON agent_history FOR EACH ROW WHEN (NEW.run_id = ${input.runId}) EXECUTE FUNCTION fail_on_tool_result()`,
    );

    await expect(scenario.responder.respond(input)).rejects.toThrow();
    expect(counter.agendar).toBe(1);
    expect(scenario.claude.requests).toHaveLength(2);
    await database.db.$executeRawUnsafe('DROP TRIGGER crash_after_tool ON agent_history');

    const retried = await scenario.responder.respond(input);

    // the resumed run still owes the receipt of the booking its first attempt made
    expect(retried).toEqual({
      kind: 'answer',
      replies: [
        { type: 'text', text: answer },
        { type: 'text', text: expect.stringMatching(/^✅ \*Agendamento confirmado\*\nCorte com Ana\nqua 02\/12 às 10:00\n/) },
      ],
    });
    expect(counter.agendar).toBe(1);
    expect(await database.db.appointment.count({ where: { tenantId: scenario.tenant.id, status: 'booked' } })).toBe(1);
    expect(scenario.claude.requests).toHaveLength(3);
    const [result] = scenario.claude.lastToolResults();
    expect(JSON.parse(String(result?.content))).toMatchObject({ agendamento: { data: '2026-12-02', inicio: '10:00' }, ja_existia: false });

    const replayed = await scenario.responder.respond(input);
    expect(replayed).toEqual(retried);
    expect(scenario.claude.requests).toHaveLength(3);
    const history = await database.db.agentHistoryEntry.findMany({ where: { runId: input.runId }, orderBy: { id: 'asc' } });
    expect(history.map((entry) => entry.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });
});
