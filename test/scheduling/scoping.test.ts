import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import type { AgendarResult, MeusAgendamentosResult } from '../../src/scheduling/tools/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { addProfessional, createCustomer, refusal, schedulingTools } from './scheduling-test-kit.js';

describe('tenant and customer scoping', () => {
  let db: Db;
  let tenant: TestTenant;
  let otherTenant: TestTenant;
  let call: ReturnType<typeof schedulingTools>;
  let owner: Awaited<ReturnType<typeof createCustomer>>;
  let stranger: Awaited<ReturnType<typeof createCustomer>>;
  let outsider: Awaited<ReturnType<typeof createCustomer>>;
  let appointmentId: number;
  let missingId: number;

  beforeAll(async () => {
    db = (await testDatabase()).db;
    call = schedulingTools(db);
    tenant = await createTestTenant(db);
    otherTenant = await createTestTenant(db);
    owner = await createCustomer(db, tenant.id);
    stranger = await createCustomer(db, tenant.id);
    outsider = await createCustomer(db, otherTenant.id);
    const booked = await call<AgendarResult>(
      'agendar',
      { profissional_id: tenant.professionals[0]!.id, servico_id: tenant.services[0]!.id, inicio: '2026-12-02T10:00' },
      owner.context(),
    );
    appointmentId = booked.agendamento.agendamento_id;
    const last = await db.appointment.aggregate({ _max: { id: true } });
    missingId = (last._max.id ?? 0) + 1000;
  });

  /** The error message a tool call ends with, with the id replaced so answers can be compared. */
  const answer = async (promise: Promise<unknown>, id: number) =>
    (await refusal(promise, 'appointment_not_found')).replaceAll(String(id), '<id>');

  it.each([
    ['cancelar', (id: number) => ({ agendamento_id: id })],
    ['remarcar', (id: number) => ({ agendamento_id: id, inicio: '2026-12-03T10:00' })],
  ] as const)(
    'when %s gets another customer’s or another tenant’s appointment id, then it answers exactly like a missing id',
    async (tool, input) => {
      const missing = await answer(call(tool, input(missingId), owner.context()), missingId);
      expect(await answer(call(tool, input(appointmentId), stranger.context()), appointmentId)).toBe(missing);
      expect(await answer(call(tool, input(appointmentId), outsider.context()), appointmentId)).toBe(missing);
      const row = await db.appointment.findUniqueOrThrow({ where: { id: appointmentId } });
      expect(row.status).toBe('booked');
      expect(row.startsAt.toISOString()).toBe('2026-12-02T13:00:00.000Z');
    },
  );

  it('when another customer lists appointments, then they see none of the owner’s', async () => {
    expect(await call<MeusAgendamentosResult>('meus_agendamentos', {}, stranger.context())).toEqual({ agendamentos: [] });
    expect(await call<MeusAgendamentosResult>('meus_agendamentos', {}, outsider.context())).toEqual({ agendamentos: [] });
    const own = await call<MeusAgendamentosResult>('meus_agendamentos', {}, owner.context());
    expect(own.agendamentos.map((item) => item.agendamento_id)).toEqual([appointmentId]);
  });

  it('when a professional or service of another tenant is used, then it answers exactly like a missing id', async () => {
    const foreignProfessional = otherTenant.professionals[0]!.id;
    const foreignService = otherTenant.services[0]!.id;
    const professionalMissing = (
      await refusal(call('buscar_horarios', { profissional_id: 999_999, data: '2026-12-02' }, owner.context()), 'professional_not_found')
    ).replace('999999', '<id>');
    const professionalForeign = (
      await refusal(
        call('buscar_horarios', { profissional_id: foreignProfessional, data: '2026-12-02' }, owner.context()),
        'professional_not_found',
      )
    ).replace(String(foreignProfessional), '<id>');
    expect(professionalForeign).toBe(professionalMissing);
    const serviceMissing = (
      await refusal(
        call('agendar', { profissional_id: tenant.professionals[0]!.id, servico_id: 999_999, inicio: '2026-12-02T11:00' }, owner.context()),
        'service_not_found',
      )
    ).replace('999999', '<id>');
    const serviceForeign = (
      await refusal(
        call(
          'agendar',
          { profissional_id: tenant.professionals[0]!.id, servico_id: foreignService, inicio: '2026-12-02T11:00' },
          owner.context(),
        ),
        'service_not_found',
      )
    ).replace(String(foreignService), '<id>');
    expect(serviceForeign).toBe(serviceMissing);
    expect(await db.appointment.count({ where: { tenantId: tenant.id } })).toBe(1);
  });

  it('when a professional is inactive, then it answers like a missing one and is not listed', async () => {
    const gone = await addProfessional(db, tenant.id, {
      name: 'Duda',
      serviceIds: [tenant.services[0]!.id],
      hours: [[3, '09:00', '18:00']],
      active: false,
    });
    const message = await refusal(
      call('buscar_horarios', { profissional_id: gone.id, data: '2026-12-02' }, owner.context()),
      'professional_not_found',
    );
    expect(message).toBe(`Profissional ${gone.id} não encontrado. Use listar_profissionais para ver os profissionais e seus ids.`);
    const listed = await call<{ profissionais: { id: number }[] }>('listar_profissionais', {}, owner.context());
    expect(listed.profissionais.map((professional) => professional.id)).not.toContain(gone.id);
  });
});
