import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/index.js';
import type { AgendarResult, RemarcarResult } from '../../../src/scheduling/tools/index.js';
import { testDatabase } from '../../support/test-database.js';
import { DAY, visitSalon } from '../appointments/visit-test-kit.js';
import { createCustomer, refusal, schedulingTools } from '../scheduling-test-kit.js';

describe('remarcar on a visit (the agent’s tool)', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  it('when the model moves the first service of a visit, then every service moves with it and the result lists the visit at its new times', async () => {
    const { tenant, ana, bia, corte, escova } = await visitSalon(db);
    const customer = await createCustomer(db, tenant.id);
    const call = schedulingTools(db);
    const servicos = [
      { servico_id: corte.id, profissional_id: bia.id },
      { servico_id: escova.id, profissional_id: ana.id },
    ];
    const booked = await call<AgendarResult>('agendar', { inicio: `${DAY}T10:00`, servicos }, customer.context());
    const moved = await call<RemarcarResult>(
      'remarcar',
      { agendamento_id: booked.agendamento.agendamento_id, inicio: `${DAY}T16:00` },
      customer.context(),
    );
    expect(moved.ja_existia).toBe(false);
    expect(moved.anterior).toEqual({ agendamento_id: booked.agendamento.agendamento_id, data: DAY, inicio: '10:00' });
    expect(moved.agendamento).toMatchObject({ inicio: '16:00', fim: '16:30', servico: { nome: 'Corte' }, profissional: { nome: 'Bia' } });
    expect(moved.agendamento.agendamento_id).toBe(booked.agendamento.agendamento_id);
    expect(moved.visita?.visita_id).toBe(booked.visita?.visita_id);
    expect(moved.visita?.total).toBe('R$ 110,00');
    expect(
      moved.visita?.agendamentos.map((item) => [item.servico.nome, item.profissional.nome, item.inicio, item.fim, item.status]),
    ).toEqual([
      ['Corte', 'Bia', '16:00', '16:30', 'agendado'],
      ['Escova', 'Ana', '16:30', '17:00', 'agendado'],
    ]);
    const statuses = await db.appointment.findMany({ where: { tenantId: tenant.id }, orderBy: { id: 'asc' }, select: { status: true } });
    expect(statuses.map((row) => row.status)).toEqual(['booked', 'booked']);
  });

  it('when the visit’s second service would run past closing at the new start, then the model is told the visit does not fit and nothing moves', async () => {
    const { tenant, ana, bia, corte, escova } = await visitSalon(db);
    const customer = await createCustomer(db, tenant.id);
    const call = schedulingTools(db);
    const servicos = [
      { servico_id: corte.id, profissional_id: bia.id },
      { servico_id: escova.id, profissional_id: ana.id },
    ];
    const booked = await call<AgendarResult>('agendar', { inicio: `${DAY}T10:00`, servicos }, customer.context());
    // Bia works until 19:00, Ana until 18:00: the corte at 17:45 fits, the escova after it (18:15) does not.
    const message = await refusal(
      call('remarcar', { agendamento_id: booked.agendamento.agendamento_id, inicio: `${DAY}T17:45` }, customer.context()),
      'visit_not_fit',
    );
    expect(message).toContain('A visita não cabe a partir de 2026-12-02T17:45');
    expect(await db.appointment.count({ where: { tenantId: tenant.id, status: 'booked' } })).toBe(2);
  });
});
