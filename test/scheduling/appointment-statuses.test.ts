import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { confirmAppointment } from '../../src/scheduling/appointments/index.js';
import type { BuscarHorariosResult, MeusAgendamentosResult } from '../../src/scheduling/tools/index.js';
import { insertTenantAppointment, offeredStarts, type SchedulingCall, setUpAgenda } from '../admin/agenda-test-kit.js';
import { createTestConversation, type TestTenant } from '../support/factories.js';
import { createCustomer, NOW } from './scheduling-test-kit.js';

describe('appointment statuses: confirmed, attended and no_show keep their time', () => {
  let db: Db;
  let tenant: TestTenant;
  let call: SchedulingCall;

  beforeAll(async () => {
    ({ db, tenant, call } = await setUpAgenda());
  });

  const at = (customerId: number, startsAt: string, status = 'booked', professionalIndex = 0) =>
    insertTenantAppointment(db, tenant, {
      customerId,
      startsAt,
      professionalId: tenant.professionals[professionalIndex]!.id,
      status,
      createdAt: '2026-11-01T00:00:00Z',
    });

  it('when an appointment is confirmed, then availability still hides it and the database refuses an overlap', async () => {
    const customer = await createCustomer(db, tenant.id);
    const row = await at(customer.customerId, '2026-12-02T13:00:00Z');
    const outcome = await confirmAppointment(schedulingDepsOf(db), {
      tenantId: tenant.id,
      appointmentId: row.id,
      customerId: customer.customerId,
      actor: { kind: 'customer_reminder', customerId: customer.customerId },
      now: new Date(NOW),
    });
    expect(outcome).toMatchObject({ kind: 'changed', from: 'booked', appointment: { status: 'confirmed' } });
    const day = await call<BuscarHorariosResult>(
      'buscar_horarios',
      { profissional_id: tenant.professionals[0]!.id, data: '2026-12-02', servico_id: tenant.services[0]!.id },
      customer.context(),
    );
    expect(offeredStarts(day)).not.toContain('10:00');
    await expect(at(customer.customerId, '2026-12-02T13:15:00Z')).rejects.toThrow();
    const mine = await call<MeusAgendamentosResult>('meus_agendamentos', {}, customer.context());
    expect(mine.agendamentos.map((item) => item.status)).toEqual(['confirmado']);
    const history = await db.appointmentEvent.findMany({ where: { appointmentId: row.id }, orderBy: { id: 'asc' } });
    expect(history).toMatchObject([{ change: 'confirmed', actorKind: 'customer_reminder', actorId: customer.customerId }]);
  });

  it('when attended or no_show rows exist, then they still hold their time; a cancelled one frees it', async () => {
    const { customer } = await createTestConversation(db, tenant.id);
    await at(customer.id, '2026-12-03T13:00:00Z', 'attended');
    await at(customer.id, '2026-12-03T14:00:00Z', 'no_show');
    await at(customer.id, '2026-12-03T15:00:00Z', 'cancelled');
    await expect(at(customer.id, '2026-12-03T13:00:00Z')).rejects.toThrow();
    await expect(at(customer.id, '2026-12-03T14:15:00Z')).rejects.toThrow();
    await expect(at(customer.id, '2026-12-03T15:00:00Z')).resolves.toMatchObject({ status: 'booked' });
  });

  it('when confirming again, a cancelled, a started or another customer’s appointment, then the outcome says so and nothing changes', async () => {
    const customer = await createCustomer(db, tenant.id);
    const other = await createCustomer(db, tenant.id);
    const now = new Date(NOW);
    const actor = { kind: 'customer_reminder' as const, customerId: customer.customerId };
    const booked = await at(customer.customerId, '2026-12-04T13:00:00Z');
    const scheduling = schedulingDepsOf(db);
    await confirmAppointment(scheduling, { tenantId: tenant.id, appointmentId: booked.id, actor, now });
    expect((await confirmAppointment(scheduling, { tenantId: tenant.id, appointmentId: booked.id, actor, now })).kind).toBe('unchanged');
    const cancelled = await at(customer.customerId, '2026-12-04T15:00:00Z', 'cancelled');
    expect(await confirmAppointment(scheduling, { tenantId: tenant.id, appointmentId: cancelled.id, actor, now })).toMatchObject({
      kind: 'refused',
      refusal: { kind: 'appointment_cancelled', appointmentId: cancelled.id },
    });
    const started = await at(customer.customerId, '2026-12-01T11:50:00Z', 'booked', 1);
    expect(await confirmAppointment(scheduling, { tenantId: tenant.id, appointmentId: started.id, actor, now })).toMatchObject({
      kind: 'refused',
      refusal: { kind: 'appointment_started', appointmentId: started.id, start: '2026-12-01T08:50' },
    });
    expect(
      await confirmAppointment(scheduling, { tenantId: tenant.id, appointmentId: booked.id, customerId: other.customerId, actor, now }),
    ).toEqual({ kind: 'refused', refusal: { kind: 'appointment_not_found', appointmentId: booked.id }, appointment: null });
  });

  it('when the bot cancels a confirmed appointment, then it is cancelled and the history names the run', async () => {
    const customer = await createCustomer(db, tenant.id);
    const row = await at(customer.customerId, '2026-12-05T13:00:00Z', 'confirmed');
    const result = await call<{ agendamento: { status: string } }>(
      'cancelar',
      { agendamento_id: row.id },
      { ...customer.context(), runId: 77 },
    );
    expect(result.agendamento.status).toBe('cancelado');
    expect(await db.appointmentEvent.findMany({ where: { appointmentId: row.id } })).toMatchObject([
      { change: 'cancelled', actorKind: 'bot_run', actorId: 77, details: { status: { from: 'confirmed', to: 'cancelled' } } },
    ]);
  });
});
