import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import type { BuscarHorariosResult } from '../../src/scheduling/tools/index.js';
import { createCustomer, refusal } from '../scheduling/scheduling-test-kit.js';
import { createTestConversation, type TestTenant } from '../support/factories.js';
import { offeredStarts, type SchedulingCall, type StaffApi, setUpAgenda } from './agenda-test-kit.js';

describe('staff bookings and the day agenda', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;
  let call: SchedulingCall;

  beforeAll(async () => {
    ({ db, tenant, api, call } = await setUpAgenda());
  });

  const ana = () => tenant.professionals[0]!;
  const corte = () => tenant.services[0]!;
  const book = (start: string, extra: Record<string, unknown> = {}) =>
    api.post('/admin/appointments', {
      professionalId: ana().id,
      serviceId: corte().id,
      start,
      customer: { name: 'Joana Souza', phone: '(21) 99876-5432' },
      ...extra,
    });

  it('when staff book 10:00, then neither buscar_horarios nor /admin/availability offer it and the agenda lists it as source staff', async () => {
    const bot = await createCustomer(db, tenant.id);
    const before = await call<BuscarHorariosResult>(
      'buscar_horarios',
      { profissional_id: ana().id, data: '2026-12-02', servico_id: corte().id },
      bot.context(),
    );
    expect(offeredStarts(before)).toContain('10:00');

    const created = await book('2026-12-02T10:00');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      start: '2026-12-02T10:00',
      end: '2026-12-02T10:30',
      status: 'booked',
      source: 'staff',
      professional: { id: ana().id, name: 'Ana' },
      service: { id: corte().id, name: 'Corte' },
      customer: { name: 'Joana Souza', phone: '+5521998765432' },
      outsideHours: false,
    });

    const after = await call<BuscarHorariosResult>(
      'buscar_horarios',
      { profissional_id: ana().id, data: '2026-12-02', servico_id: corte().id },
      bot.context(),
    );
    expect(offeredStarts(after)).not.toContain('10:00');
    expect(offeredStarts(after)).not.toContain('09:45');
    const availability = await api.get(`/admin/availability?date=2026-12-02&professionalId=${ana().id}&serviceId=${corte().id}`);
    expect(availability.status).toBe(200);
    expect(availability.body.slots).toEqual(offeredStarts(after));
    expect(availability.body.slots).not.toContain('10:00');

    const agenda = await api.get('/admin/appointments?date=2026-12-02');
    expect(agenda.status).toBe(200);
    expect(agenda.body.items).toContainEqual(expect.objectContaining({ id: created.body.id, start: '2026-12-02T10:00', source: 'staff' }));
  });

  it('when the bot then tries 10:00, then it hears the slot is not free', async () => {
    const bot = await createCustomer(db, tenant.id);
    const message = await refusal(
      call('agendar', { profissional_id: ana().id, servico_id: corte().id, inicio: '2026-12-02T10:00' }, bot.context()),
      'slot_just_taken',
    );
    expect(message).toContain('acabou de ser ocupado');
  });

  it('when staff book inside the minimum notice, then it is booked although the bot may not offer it', async () => {
    const created = await book('2026-12-01T09:30');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ start: '2026-12-01T09:30', source: 'staff' });
  });

  it('when staff book over another appointment, then 409 slot_taken and nothing is stored', async () => {
    const count = await db.appointment.count({ where: { tenantId: tenant.id } });
    const response = await book('2026-12-02T10:15');
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('slot_taken');
    expect(await db.appointment.count({ where: { tenantId: tenant.id } })).toBe(count);
  });

  it('when staff book outside working hours, then 422 unless they say outsideHours', async () => {
    const refused = await book('2026-12-02T12:15');
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('outside_working_hours');
    const sunday = await book('2026-12-06T10:00');
    expect(sunday.status).toBe(422);
    const accepted = await book('2026-12-02T12:15', { outsideHours: true });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ start: '2026-12-02T12:15', end: '2026-12-02T12:45', outsideHours: true });
  });

  it('when a request is retried with the same Idempotency-Key, then one appointment exists', async () => {
    const body = {
      professionalId: ana().id,
      serviceId: corte().id,
      start: '2026-12-03T15:00',
      customer: { name: 'Rui', phone: '11 91234-5678' },
    };
    const first = await api.post('/admin/appointments', body).set('Idempotency-Key', 'walk-in-42');
    const second = await api.post('/admin/appointments', body).set('Idempotency-Key', 'walk-in-42');
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
  });

  it('when the agenda is read, then every status of the day is listed by start with its history available', async () => {
    const created = await book('2026-12-04T14:00');
    const cancelled = await book('2026-12-04T09:00');
    await api.post(`/admin/appointments/${cancelled.body.id}/cancel`, { notifyCustomer: false });
    const agenda = await api.get(`/admin/appointments?date=2026-12-04&professionalId=${ana().id}`);
    expect(agenda.body.items.map((item: { start: string; status: string }) => [item.start, item.status])).toEqual([
      ['2026-12-04T09:00', 'cancelled'],
      ['2026-12-04T14:00', 'booked'],
    ]);
    const key = await db.apiKey.findFirstOrThrow({ where: { tenantId: tenant.id } });
    const detail = await api.get(`/admin/appointments/${cancelled.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.history).toMatchObject([
      { change: 'created', actor: { kind: 'api_key', id: key.id }, localTime: '2026-12-01T09:00' },
      { change: 'cancelled', actor: { kind: 'api_key', id: key.id }, details: { status: { from: 'booked', to: 'cancelled' } } },
    ]);
    expect((await api.get(`/admin/appointments/${created.body.id}`)).body.history).toHaveLength(1);
  });

  it('when the bot books, then the history names the bot run', async () => {
    const bot = await createCustomer(db, tenant.id);
    const booked = await call<{ agendamento: { agendamento_id: number } }>(
      'agendar',
      { profissional_id: ana().id, servico_id: corte().id, inicio: '2026-12-05T11:00' },
      { ...bot.context(), runId: 4242 },
    );
    const detail = await api.get(`/admin/appointments/${booked.agendamento.agendamento_id}`);
    expect(detail.body).toMatchObject({ source: 'bot', history: [{ change: 'created', actor: { kind: 'bot_run', id: 4242 } }] });
  });
});

describe('one customer whatever way the phone is written', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;

  beforeAll(async () => {
    ({ db, tenant, api } = await setUpAgenda());
  });

  it('when (11) 98765-4321, +55 11 98765-4321 and 11987654321 are booked, then they are the WhatsApp customer whose wa_id lacks the ninth digit', async () => {
    const { customer } = await createTestConversation(db, tenant.id, { waId: '551187654321', name: 'Maria Lima' });
    const starts = ['2026-12-02T09:00', '2026-12-02T10:00', '2026-12-02T11:00'];
    const phones = ['(11) 98765-4321', '+55 11 98765-4321', '11987654321'];
    const customerIds: number[] = [];
    for (const [index, phone] of phones.entries()) {
      const response = await api.post('/admin/appointments', {
        professionalId: tenant.professionals[0]!.id,
        serviceId: tenant.services[0]!.id,
        start: starts[index],
        customer: { name: 'Maria', phone },
      });
      expect(response.status).toBe(201);
      customerIds.push(response.body.customer.id);
    }
    expect(customerIds).toEqual([customer.id, customer.id, customer.id]);
    expect(await db.customer.count({ where: { tenantId: tenant.id } })).toBe(1);
    // The WhatsApp profile name is kept.
    expect((await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).name).toBe('Maria Lima');
  });

  it('when a new number books twice in two spellings, then one customer is created with the E.164 number', async () => {
    const first = await api.post('/admin/appointments', {
      professionalId: tenant.professionals[1]!.id,
      serviceId: tenant.services[0]!.id,
      start: '2026-12-02T10:00',
      customer: { name: 'Paulo', phone: '(31) 99123-4567' },
    });
    const second = await api.post('/admin/appointments', {
      professionalId: tenant.professionals[1]!.id,
      serviceId: tenant.services[0]!.id,
      start: '2026-12-02T11:00',
      customer: { name: 'Paulo', phone: '+5531991234567' },
    });
    expect(second.body.customer.id).toBe(first.body.customer.id);
    expect((await db.customer.findUniqueOrThrow({ where: { id: first.body.customer.id } })).waId).toBe('5531991234567');
  });
});
