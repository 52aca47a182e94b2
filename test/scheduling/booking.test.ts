import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import type {
  AgendarResult,
  BuscarHorariosResult,
  CancelarResult,
  ListarProfissionaisResult,
  ListarServicosResult,
  MeusAgendamentosResult,
  RemarcarResult,
} from '../../src/scheduling/tools/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { createCustomer, refusal, schedulingTools } from './scheduling-test-kit.js';

describe('booking, cancelling and rescheduling through the tools', () => {
  let db: Db;
  let tenant: TestTenant;
  let call: ReturnType<typeof schedulingTools>;
  let ana: { id: number };
  let bia: { id: number };
  let corte: { id: number };
  let coloracao: { id: number };

  beforeAll(async () => {
    db = (await testDatabase()).db;
    tenant = await createTestTenant(db);
    call = schedulingTools(db);
    [ana, bia] = [tenant.professionals[0]!, tenant.professionals[1]!];
    [corte, coloracao] = [tenant.services[0]!, tenant.services[1]!];
  });

  it('when a free start is booked, then the result shows local times with names and the row is stored in UTC', async () => {
    const customer = await createCustomer(db, tenant.id);
    const result = await call<AgendarResult>(
      'agendar',
      { profissional_id: ana.id, servico_id: corte.id, inicio: '2026-12-02T14:30' },
      customer.context(),
    );
    expect(result).toEqual({
      agendamento: {
        agendamento_id: expect.any(Number),
        status: 'agendado',
        data: '2026-12-02',
        dia_semana: 'quarta-feira',
        inicio: '14:30',
        fim: '15:00',
        profissional: { id: ana.id, nome: 'Ana' },
        servico: { id: corte.id, nome: 'Corte', duracao_minutos: 30 },
      },
      ja_existia: false,
    });
    const row = await db.appointment.findUniqueOrThrow({ where: { id: result.agendamento.agendamento_id } });
    expect(row.startsAt.toISOString()).toBe('2026-12-02T17:30:00.000Z');
    expect(row.customerId).toBe(customer.customerId);
    const day = await call<BuscarHorariosResult>(
      'buscar_horarios',
      { profissional_id: ana.id, data: '2026-12-02', servico_id: corte.id },
      customer.context(),
    );
    expect(day.faixas.map((faixa) => [faixa.de, faixa.ate])).toEqual([
      ['09:00', '11:30'],
      ['13:00', '14:00'],
      ['15:00', '17:30'],
    ]);
  });

  it('when the same tool call is repeated, then the same appointment is returned and no second row exists', async () => {
    const customer = await createCustomer(db, tenant.id);
    const context = customer.context('toolu_repeat_1');
    const input = { profissional_id: bia.id, servico_id: corte.id, inicio: '2026-12-03T10:00' };
    const first = await call<AgendarResult>('agendar', input, context);
    const second = await call<AgendarResult>('agendar', input, context);
    expect(second.agendamento).toEqual(first.agendamento);
    expect(second.ja_existia).toBe(true);
    expect(await db.appointment.count({ where: { customerId: customer.customerId } })).toBe(1);
  });

  it('when the same customer asks again for the same slot in a new call, then the existing appointment is returned', async () => {
    const customer = await createCustomer(db, tenant.id);
    const input = { profissional_id: bia.id, servico_id: corte.id, inicio: '2026-12-03T11:00' };
    const first = await call<AgendarResult>('agendar', input, customer.context());
    const again = await call<AgendarResult>('agendar', input, customer.context());
    expect(again).toEqual({ agendamento: first.agendamento, ja_existia: true });
    expect(await db.appointment.count({ where: { customerId: customer.customerId } })).toBe(1);
  });

  it('when another customer asks for a booked slot, then it is refused and nothing is inserted', async () => {
    const [first, second] = [await createCustomer(db, tenant.id), await createCustomer(db, tenant.id)];
    const input = { profissional_id: bia.id, servico_id: corte.id, inicio: '2026-12-03T15:00' };
    await call('agendar', input, first.context());
    await refusal(call('agendar', input, second.context()), 'slot_just_taken');
    expect(await db.appointment.count({ where: { customerId: second.customerId } })).toBe(0);
  });

  it('when cancelling, then the slot is free again, and cancelling again says it was already cancelled', async () => {
    const customer = await createCustomer(db, tenant.id);
    const booked = await call<AgendarResult>(
      'agendar',
      { profissional_id: bia.id, servico_id: corte.id, inicio: '2026-12-04T16:00' },
      customer.context(),
    );
    const id = booked.agendamento.agendamento_id;
    const cancelled = await call<CancelarResult>('cancelar', { agendamento_id: id }, customer.context());
    expect(cancelled).toEqual({ agendamento: { ...booked.agendamento, status: 'cancelado' }, ja_estava_cancelado: false });
    const again = await call<CancelarResult>('cancelar', { agendamento_id: id }, customer.context());
    expect(again.ja_estava_cancelado).toBe(true);
    const rebooked = await call<AgendarResult>(
      'agendar',
      { profissional_id: bia.id, servico_id: corte.id, inicio: '2026-12-04T16:00' },
      customer.context(),
    );
    expect(rebooked.agendamento.agendamento_id).not.toBe(id);
  });

  it('when rescheduling onto an overlapping later start, then the same appointment (same id) moves there in place', async () => {
    const customer = await createCustomer(db, tenant.id);
    const booked = await call<AgendarResult>(
      'agendar',
      { profissional_id: ana.id, servico_id: coloracao.id, inicio: '2026-12-05T09:00' },
      customer.context(),
    );
    // 09:30–11:00 overlaps the old 09:00–10:30 of the same professional: the row's own old time never stands in its way.
    const moved = await call<RemarcarResult>(
      'remarcar',
      { agendamento_id: booked.agendamento.agendamento_id, inicio: '2026-12-05T09:30' },
      customer.context('toolu_move_1'),
    );
    expect(moved.anterior).toEqual({ agendamento_id: booked.agendamento.agendamento_id, data: '2026-12-05', inicio: '09:00' });
    expect(moved.agendamento).toMatchObject({
      status: 'agendado',
      data: '2026-12-05',
      inicio: '09:30',
      fim: '11:00',
      servico: { id: coloracao.id },
    });
    expect(moved.ja_existia).toBe(false);
    const rows = await db.appointment.findMany({ where: { customerId: customer.customerId }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.id, row.status, row.startsAt.toISOString()])).toEqual([
      [booked.agendamento.agendamento_id, 'booked', '2026-12-05T12:30:00.000Z'],
    ]);
    expect(moved.agendamento.agendamento_id).toBe(booked.agendamento.agendamento_id);
    const repeated = await call<RemarcarResult>(
      'remarcar',
      { agendamento_id: booked.agendamento.agendamento_id, inicio: '2026-12-05T09:30' },
      customer.context('toolu_move_1'),
    );
    expect(repeated.agendamento).toEqual(moved.agendamento);
    expect(repeated.ja_existia).toBe(true);
    expect(await db.appointment.count({ where: { customerId: customer.customerId } })).toBe(1);
    const history = await db.appointmentEvent.findMany({
      where: { appointmentId: booked.agendamento.agendamento_id },
      orderBy: { id: 'asc' },
      select: { change: true, idempotencyKey: true },
    });
    expect(history).toEqual([
      { change: 'created', idempotencyKey: null },
      { change: 'rescheduled', idempotencyKey: 'toolu_move_1' },
    ]);
    const list = await call<MeusAgendamentosResult>('meus_agendamentos', {}, customer.context());
    expect(list.agendamentos).toEqual([moved.agendamento]);
  });

  it('when rescheduling onto a taken start, then it is refused and the original appointment stays booked', async () => {
    const [customer, other] = [await createCustomer(db, tenant.id), await createCustomer(db, tenant.id)];
    const mine = await call<AgendarResult>(
      'agendar',
      { profissional_id: bia.id, servico_id: corte.id, inicio: '2026-12-08T10:00' },
      customer.context(),
    );
    await call('agendar', { profissional_id: bia.id, servico_id: corte.id, inicio: '2026-12-08T12:00' }, other.context());
    await refusal(
      call('remarcar', { agendamento_id: mine.agendamento.agendamento_id, inicio: '2026-12-08T12:00' }, customer.context()),
      'slot_just_taken',
    );
    const rows = await db.appointment.findMany({ where: { customerId: customer.customerId } });
    expect(rows.map((row) => row.status)).toEqual(['booked']);
  });

  it('when listing, then only the customer’s upcoming booked appointments come back, soonest first', async () => {
    const customer = await createCustomer(db, tenant.id);
    const later = await call<AgendarResult>(
      'agendar',
      { profissional_id: bia.id, servico_id: corte.id, inicio: '2026-12-09T17:00' },
      customer.context(),
    );
    const sooner = await call<AgendarResult>(
      'agendar',
      { profissional_id: bia.id, servico_id: corte.id, inicio: '2026-12-09T13:00' },
      customer.context(),
    );
    const cancelled = await call<AgendarResult>(
      'agendar',
      { profissional_id: bia.id, servico_id: corte.id, inicio: '2026-12-09T14:00' },
      customer.context(),
    );
    await call('cancelar', { agendamento_id: cancelled.agendamento.agendamento_id }, customer.context());
    const list = await call<MeusAgendamentosResult>('meus_agendamentos', {}, customer.context());
    expect(list.agendamentos.map((item) => item.agendamento_id)).toEqual([
      sooner.agendamento.agendamento_id,
      later.agendamento.agendamento_id,
    ]);
  });

  it('when listing services and professionals, then names come next to ids and the service filter applies', async () => {
    const customer = await createCustomer(db, tenant.id);
    const services = await call<ListarServicosResult>('listar_servicos', {}, customer.context());
    expect(services.servicos).toEqual([
      { id: coloracao.id, nome: 'Coloração', duracao_minutos: 90, profissionais: [{ id: ana.id, nome: 'Ana' }] },
      {
        id: corte.id,
        nome: 'Corte',
        duracao_minutos: 30,
        profissionais: [
          { id: ana.id, nome: 'Ana' },
          { id: bia.id, nome: 'Bia' },
        ],
      },
    ]);
    const forColoracao = await call<ListarProfissionaisResult>('listar_profissionais', { servico_id: coloracao.id }, customer.context());
    expect(forColoracao.profissionais.map((professional) => professional.nome)).toEqual(['Ana']);
    const all = await call<ListarProfissionaisResult>('listar_profissionais', {}, customer.context());
    expect(all.profissionais.find((professional) => professional.id === bia.id)?.servicos).toEqual([
      { id: corte.id, nome: 'Corte', duracao_minutos: 30 },
    ]);
  });

  it('when a tool input breaks the schema, then zod refuses it before any handler runs', () => {
    const tools = schedulingTools(db);
    const customerContext = { tenantId: tenant.id, customerId: 1, conversationId: 1, toolUseId: 'x' };
    return Promise.all([
      expect(tools('agendar', { profissional_id: 2 ** 31, servico_id: 1, inicio: '2026-12-02T10:00' }, customerContext)).rejects.toThrow(),
      expect(tools('buscar_horarios', { profissional_id: 1, data: '02/12/2026' }, customerContext)).rejects.toThrow(),
    ]);
  });
});
