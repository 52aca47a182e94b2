import { beforeAll, describe, expect, it } from 'vitest';
import { commitTurnEnding } from '../../src/conversation/index.js';
import { inTransaction } from '../../src/db/index.js';
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

  it('when a run crashes after agendar ran, then the retried run resumes: no second booking, one model answer, and the committed turn leaves nothing to redo', async () => {
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

    // The answer, its history entry and the processed mark were one commit: a further job finds nothing to answer.
    const inbound = await database.db.message.findMany({ where: { conversationId: scenario.conversationId, direction: 'inbound' } });
    expect(inbound.map((message) => message.status)).toEqual(['processed']);
    const outbound = await database.db.message.findMany({ where: { conversationId: scenario.conversationId, direction: 'outbound' } });
    expect(outbound.map((message) => message.text)).toEqual([answer, expect.stringMatching(/^✅ \*Agendamento confirmado\*\n/)]);
    const history = await database.db.agentHistoryEntry.findMany({ where: { runId: input.runId }, orderBy: { id: 'asc' } });
    expect(history.map((entry) => entry.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it("when a run booked but its answer was never committed and a later turn superseded it, then the booking backs the next run's claim", async () => {
    const counter = { agendar: 0 };
    const scenario = await agentScenario(database.db, { tools: countedSchedulingTools(database, counter) });
    const [ana] = scenario.tenant.professionals;
    const [corte] = scenario.tenant.services;
    const answer = 'Pronto! Seu corte com a Ana está agendado para quarta, 02/12, às 10:00.';
    scenario.claude.enqueue(
      toolCalls([{ name: 'agendar', input: { profissional_id: ana?.id, servico_id: corte?.id, inicio: '2026-12-02T10:00' } }]),
      text(answer),
      // the superseding run answers both messages at once, confirming what the history shows was booked
      text(answer),
    );
    const first = await scenario.startRun('pode marcar o corte quarta 10h com a Ana');
    // The turn's commit fails (its outbox insert), so the first answer is neither sent nor remembered.
    await database.db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION fail_outbox_${first.runId}() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'simulated outbox failure'; END $$ LANGUAGE plpgsql`);
    await database.db.$executeRawUnsafe(
      `CREATE TRIGGER fail_outbox_${first.runId} BEFORE INSERT ON messages FOR EACH ROW
       WHEN (NEW.direction = 'outbound' AND NEW.conversation_id = ${scenario.conversationId}) EXECUTE FUNCTION fail_outbox_${first.runId}()`,
    );
    await expect(scenario.responder.respond(first)).rejects.toThrow();
    await database.db.$executeRawUnsafe(`DROP TRIGGER fail_outbox_${first.runId} ON messages`);
    expect(counter.agendar).toBe(1);

    // The customer wrote again: the conversation job supersedes the first run and starts another for both messages.
    await inTransaction(database.db, (tx) =>
      commitTurnEnding(
        tx,
        { tenantId: scenario.tenant.id, conversationId: scenario.conversationId, messageIds: [] },
        {
          kind: 'superseded',
          run: { id: first.runId },
        },
      ),
    );
    const second = await scenario.startRun('obrigada!');
    const outcome = await scenario.responder.respond({ ...second, messages: [...first.messages, ...second.messages] });

    // The receipt of the superseded run's booking is owed too: the customer never got it.
    const receipt = expect.stringMatching(/^✅ \*Agendamento confirmado\*\nCorte com Ana\nqua 02\/12 às 10:00\n/);
    expect(outcome).toEqual({
      kind: 'answer',
      replies: [
        { type: 'text', text: answer },
        { type: 'text', text: receipt },
      ],
    });
    expect(scenario.claude.requests).toHaveLength(3);
    expect(counter.agendar).toBe(1);
    const outbound = await database.db.message.findMany({ where: { conversationId: scenario.conversationId, direction: 'outbound' } });
    expect(outbound.map((message) => message.text)).toEqual([answer, receipt]);
  });
});
