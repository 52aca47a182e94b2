import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import type { BuscarHorariosResult } from '../../src/scheduling/tools/index.js';
import { createCustomer } from '../scheduling/scheduling-test-kit.js';
import type { TestTenant } from '../support/factories.js';
import { offeredStarts, type SchedulingCall, type StaffApi, setUpAgenda } from './agenda-test-kit.js';

describe('blocks: a professional’s ad-hoc time off', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;
  let call: SchedulingCall;

  beforeAll(async () => {
    ({ db, tenant, api, call } = await setUpAgenda());
  });

  const ana = () => tenant.professionals[0]!;
  const corte = () => tenant.services[0]!;
  const botDay = async (date: string) => {
    const customer = await createCustomer(db, tenant.id);
    return offeredStarts(
      await call<BuscarHorariosResult>(
        'buscar_horarios',
        { profissional_id: ana().id, data: date, servico_id: corte().id },
        customer.context(),
      ),
    );
  };

  it('when Ana is blocked 14:00–18:00, then nothing is offered in it and the 15:00 appointment is listed in overlapping and stays booked', async () => {
    const customer = await createCustomer(db, tenant.id);
    const booked = await call<{ agendamento: { agendamento_id: number } }>(
      'agendar',
      { profissional_id: ana().id, servico_id: corte().id, inicio: '2026-12-02T15:00' },
      customer.context(),
    );
    expect(await botDay('2026-12-02')).toContain('14:00');

    const response = await api.post(`/admin/professionals/${ana().id}/blocks`, {
      from: '2026-12-02T14:00',
      to: '2026-12-02T18:00',
      reason: 'consulta médica',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ from: '2026-12-02T14:00', to: '2026-12-02T18:00' });
    expect(response.body.overlapping).toEqual([
      expect.objectContaining({ id: booked.agendamento.agendamento_id, start: '2026-12-02T15:00', status: 'booked' }),
    ]);
    expect((await db.appointment.findUniqueOrThrow({ where: { id: booked.agendamento.agendamento_id } })).status).toBe('booked');

    const offered = await botDay('2026-12-02');
    expect(offered.filter((start) => start >= '13:31')).toEqual([]);
    expect(offered).toContain('13:30');
    const availability = await api.get(`/admin/availability?date=2026-12-02&professionalId=${ana().id}&serviceId=${corte().id}`);
    expect(availability.body.slots).toEqual(offered);

    // Staff cannot book into the block either, not even with outsideHours (it allows outside working hours only).
    for (const outsideHours of [false, true]) {
      const staff = await api.post('/admin/appointments', {
        professionalId: ana().id,
        serviceId: corte().id,
        start: '2026-12-02T16:00',
        customer: { name: 'Rita', phone: '11 97777-0000' },
        outsideHours,
      });
      expect(staff.status).toBe(409);
      expect(staff.body.error.code).toBe('time_off');
      expect(staff.body.error.message).toContain('está de folga ou com um bloqueio em 02/12/2026 às 16:00');
    }
    expect(await db.customer.count({ where: { tenantId: tenant.id, name: 'Rita' } })).toBe(0);
  });

  it('when the block is deleted, then its times are offered again', async () => {
    const created = await api.post(`/admin/professionals/${ana().id}/blocks`, { from: '2026-12-03T09:00', to: '2026-12-03T12:00' });
    expect(await botDay('2026-12-03')).not.toContain('09:00');
    const deleted = await api.delete(`/admin/blocks/${created.body.id}`);
    expect(deleted.status).toBe(204);
    expect(await botDay('2026-12-03')).toContain('09:00');
    expect((await api.delete(`/admin/blocks/${created.body.id}`)).status).toBe(404);
  });

  it('when a block ends before it starts or is already over, then 422', async () => {
    const backwards = await api.post(`/admin/professionals/${ana().id}/blocks`, { from: '2026-12-03T12:00', to: '2026-12-03T09:00' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.error).toEqual({
      code: 'invalid_block',
      message: 'O fim do bloqueio (03/12/2026 às 09:00) precisa ser depois do início (03/12/2026 às 12:00).',
    });
    const past = await api.post(`/admin/professionals/${ana().id}/blocks`, { from: '2026-11-30T09:00', to: '2026-11-30T12:00' });
    expect(past.status).toBe(422);
    expect(past.body.error).toEqual({ code: 'block_past', message: 'O bloqueio já terminou (30/11/2026 às 12:00).' });
  });
});
