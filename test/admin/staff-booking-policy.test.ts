import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { fixedClock } from '../../src/shared/index.js';
import type { TestTenant } from '../support/factories.js';
import { agendaApp, type StaffApi, setUpAgenda, staffApi } from './agenda-test-kit.js';

/** Staff's rules on the one booking path (NOW is Tuesday 2026-12-01 09:00 in São Paulo; Ana works 09–12 and 13–18). */
describe("staff's booking policy", () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;

  beforeAll(async () => {
    ({ db, tenant, api } = await setUpAgenda());
  });

  const ana = () => tenant.professionals[0]!;
  const corte = () => tenant.services[0]!;
  const book = (start: string, extra: Record<string, unknown> = {}, via: StaffApi = api) =>
    via.post('/admin/appointments', {
      professionalId: ana().id,
      serviceId: corte().id,
      start,
      customer: { name: 'Lia Prado', phone: '(11) 91111-2222' },
      ...extra,
    });

  it('when staff book a minute off the slot grid inside working hours, then it is booked and not counted as outside hours', async () => {
    const response = await book('2026-12-03T10:07');
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ start: '2026-12-03T10:07', end: '2026-12-03T10:37', source: 'staff', outsideHours: false });
  });

  it('when a walk-in sat down 10 minutes ago, then staff can enter it; 20 minutes ago is refused in pt-BR', async () => {
    // 10:20 local: inside Ana's morning hours.
    const later = staffApi(agendaApp(db, fixedClock('2026-12-01T13:20:00Z')), tenant.apiKey);
    const walkIn = await book('2026-12-01T10:10', {}, later);
    expect(walkIn.status).toBe(201);
    const tooOld = await book('2026-12-01T09:30', {}, later);
    expect(tooOld.status).toBe(422);
    expect(tooOld.body.error).toEqual({
      code: 'start_past',
      message: 'O horário 01/12/2026 às 09:30 já passou (agora são 01/12/2026 às 10:20).',
    });
  });

  it('when outsideHours is true, then a start outside working hours is booked but never over another appointment', async () => {
    const evening = await book('2026-12-04T18:30', { outsideHours: true });
    expect(evening.status).toBe(201);
    expect(evening.body).toMatchObject({ start: '2026-12-04T18:30', outsideHours: true });
    const count = await db.appointment.count({ where: { tenantId: tenant.id } });
    const over = await book('2026-12-04T18:45', { outsideHours: true });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('slot_taken');
    // Booked moments ago, so it reads "acabou de ser ocupado" (an older one reads "já está ocupado").
    expect(over.body.error.message).toMatch(/^04\/12\/2026 às 18:45 com Ana (acabou de ser|já está) ocupado por outro agendamento\./);
    expect(await db.appointment.count({ where: { tenantId: tenant.id } })).toBe(count);
  });

  it('when outside working hours without outsideHours, then 422 says so in pt-BR and how to book it anyway', async () => {
    const refused = await book('2026-12-04T19:00');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({
      code: 'outside_working_hours',
      message:
        '04/12/2026 às 19:00 (Corte, 30 min) fica fora do horário de trabalho de Ana. Para agendar mesmo assim, confirme o agendamento fora do horário ("outsideHours": true).',
    });
  });

  it('when staff move an appointment into a block with outsideHours, then 409 time_off and it stays where it was', async () => {
    const booked = await book('2026-12-05T09:00');
    expect(booked.status).toBe(201);
    const block = await api.post(`/admin/professionals/${ana().id}/blocks`, { from: '2026-12-05T14:00', to: '2026-12-05T16:00' });
    expect(block.status).toBe(201);
    const moved = await api.post(`/admin/appointments/${booked.body.id}/reschedule`, {
      start: '2026-12-05T14:30',
      outsideHours: true,
      notifyCustomer: false,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('time_off');
    const row = await db.appointment.findUniqueOrThrow({ where: { id: booked.body.id } });
    expect(row).toMatchObject({ status: 'booked', startsAt: new Date('2026-12-05T12:00:00Z') });
  });

  it('when an appointment is unknown or has not started, then the refusal is written for staff', async () => {
    const missing = await api.post('/admin/appointments/999999/cancel', { notifyCustomer: false });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'not_found', message: 'Agendamento não encontrado.' });
    const booked = await book('2026-12-07T15:00');
    const early = await api.post(`/admin/appointments/${booked.body.id}/attendance`, { status: 'attended' });
    expect(early.status).toBe(422);
    expect(early.body.error).toEqual({
      code: 'not_started',
      message: `O agendamento ${booked.body.id} (07/12/2026 às 15:00) ainda não começou: o comparecimento só pode ser registrado a partir do início.`,
    });
  });
});
