import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import { createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { fixedClock, silentLogger } from '../../src/shared/index.js';
import { text, toolCalls } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario, NOW } from './agent-test-kit.js';

/** A waitlist place is something only `entrar_lista_espera` gives: the answer that states one is checked like a booking. */
describe('agent loop: "coloquei seu nome na lista de espera" needs the waitlist tool', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  const scenarioWithTools = async () => {
    const tools = createSchedulingTools(schedulingToolDepsOf({ db: database.db, clock: fixedClock(NOW), logger: silentLogger }));
    const scenario = await agentScenario(database.db, { tools });
    const corte = scenario.tenant.services[0]!;
    return { scenario, corte };
  };
  const claim = 'Coloquei seu nome na lista de espera para quinta à tarde. Se alguém desmarcar, te aviso na hora!';

  it('without a call of entrar_lista_espera the claim is not sent: the model is told why, and its honest answer is', async () => {
    const { scenario } = await scenarioWithTools();
    const honest = 'Quinta à tarde está lotada. Quer que eu coloque seu nome na lista de espera?';
    scenario.claude.enqueue(text(claim), text(honest));
    const outcome = await scenario.responder.respond(await scenario.startRun('quinta à tarde tem? se não tiver me põe na espera'));

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: honest }] });
    const note = JSON.stringify(scenario.claude.requests[1]?.body.messages.at(-1));
    expect(note).toContain('NÃO foi enviada ao cliente');
    expect(note).toContain('lista de espera');
    expect(await database.db.waitlistEntry.count({ where: { tenantId: scenario.tenant.id } })).toBe(0);
  });

  it('after a successful entrar_lista_espera for that day the same answer is sent', async () => {
    const { scenario, corte } = await scenarioWithTools();
    scenario.claude.enqueue(
      toolCalls([{ name: 'entrar_lista_espera', input: { servico_id: corte.id, data: '2026-12-03', periodo: 'tarde' } }]),
      text(claim),
    );
    const outcome = await scenario.responder.respond(await scenario.startRun('me põe na lista de espera de quinta à tarde'));

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: claim }] });
    expect(await database.db.waitlistEntry.count({ where: { tenantId: scenario.tenant.id, date: '2026-12-03' } })).toBe(1);
  });

  it('a place joined for another day does not back a claim of this one', async () => {
    const { scenario, corte } = await scenarioWithTools();
    const honest = 'Te coloquei na lista de espera de sexta; para quinta ainda não. Quer que eu coloque também?';
    scenario.claude.enqueue(
      toolCalls([{ name: 'entrar_lista_espera', input: { servico_id: corte.id, data: '2026-12-04' } }]),
      text(claim),
      text(honest),
    );
    const outcome = await scenario.responder.respond(await scenario.startRun('me põe na espera'));

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: honest }] });
  });

  it('two places joined back "na lista de espera de sexta e de sábado"; one of them does not', async () => {
    const { scenario, corte } = await scenarioWithTools();
    const both = 'Te coloquei na lista de espera de sexta e de sábado. Se vagar qualquer um, te chamo.';
    scenario.claude.enqueue(
      toolCalls([
        { name: 'entrar_lista_espera', input: { servico_id: corte.id, data: '2026-12-04' } },
        { name: 'entrar_lista_espera', input: { servico_id: corte.id, data: '2026-12-05' } },
      ]),
      text(both),
    );
    expect(await scenario.responder.respond(await scenario.startRun('me põe na espera de sexta e sábado'))).toEqual({
      kind: 'answer',
      replies: [{ type: 'text', text: both }],
    });

    const other = await scenarioWithTools();
    const honest = 'Te coloquei na lista de espera de sexta; a de sábado não deu. Quer tentar outro dia?';
    other.scenario.claude.enqueue(
      toolCalls([{ name: 'entrar_lista_espera', input: { servico_id: other.corte.id, data: '2026-12-04' } }]),
      text(both),
      text(honest),
    );
    expect(await other.scenario.responder.respond(await other.scenario.startRun('me põe na espera de sexta e sábado'))).toEqual({
      kind: 'answer',
      replies: [{ type: 'text', text: honest }],
    });
  });

  it('a place the customer already holds backs "você já está na lista de espera"; one that expired does not', async () => {
    const { scenario, corte } = await scenarioWithTools();
    const held = 'Você já está na lista de espera de quinta à tarde; assim que vagar, te chamo.';
    await database.db.waitlistEntry.create({
      data: {
        tenantId: scenario.tenant.id,
        customerId: scenario.customerId,
        serviceId: corte.id,
        date: '2026-12-03',
        period: 'tarde',
        expiresAt: new Date('2026-12-04T03:00:00.000Z'),
      },
    });
    await database.db.waitlistEntry.create({
      data: {
        tenantId: scenario.tenant.id,
        customerId: scenario.customerId,
        serviceId: corte.id,
        date: '2026-11-30',
        status: 'expired',
        expiresAt: new Date('2026-12-01T03:00:00.000Z'),
      },
    });
    scenario.claude.enqueue(text(held));
    expect(await scenario.responder.respond(await scenario.startRun('e a lista de espera de quinta?'))).toEqual({
      kind: 'answer',
      replies: [{ type: 'text', text: held }],
    });

    const stale = 'Você continua na lista de espera de segunda, fica tranquila.';
    const honest = 'Sua lista de espera de segunda já encerrou. Quer entrar na de outro dia?';
    scenario.claude.enqueue(text(stale), text(honest));
    expect(await scenario.responder.respond(await scenario.startRun('e a de segunda?'))).toEqual({
      kind: 'answer',
      replies: [{ type: 'text', text: honest }],
    });
  });
});
