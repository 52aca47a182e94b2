import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import type { AgendarResult } from '../../src/scheduling/tools/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { addProfessional, createCustomer, insertAppointment, refusal, schedulingTools } from './scheduling-test-kit.js';

/** Every refusal names the fact and tells the model what to do next (an imperative or a tool to use). */
const NEXT_STEP = /(Peça|Use|Ofereça|Escolha|consulte|Explique|transfira)/;

describe('scheduling refusals written for the model', () => {
  let db: Db;
  let tenant: TestTenant;
  let customer: Awaited<ReturnType<typeof createCustomer>>;
  let call: ReturnType<typeof schedulingTools>;
  let ana: { id: number };
  let bia: { id: number };
  let corte: { id: number };
  let coloracao: { id: number };

  beforeAll(async () => {
    db = (await testDatabase()).db;
    tenant = await createTestTenant(db, { cancelNoticeMinutes: 24 * 60 });
    customer = await createCustomer(db, tenant.id);
    call = schedulingTools(db);
    [ana, bia] = [tenant.professionals[0]!, tenant.professionals[1]!];
    [corte, coloracao] = [tenant.services[0]!, tenant.services[1]!];
  });

  const agendar = (inicio: string, professionalId = ana.id, serviceId = corte.id) =>
    call<AgendarResult>('agendar', { profissional_id: professionalId, servico_id: serviceId, inicio }, customer.context());

  it('when the date is not a real date, then it says which format to use', async () => {
    const message = await refusal(
      call('buscar_horarios', { profissional_id: ana.id, data: '2026-02-30' }, customer.context()),
      'invalid_date',
    );
    expect(message).toBe('A data "2026-02-30" não é válida. Use o formato AAAA-MM-DD com uma data que exista, por exemplo 2026-12-01.');
  });

  it('when the start time is not a real time, then it says which format to use', async () => {
    const message = await refusal(agendar('2026-12-02T25:00'), 'invalid_start');
    expect(message).toContain('O início "2026-12-02T25:00" não é válido. Use AAAA-MM-DDTHH:mm');
  });

  it('when the date is in the past, then it gives today and asks for a date from today on', async () => {
    const message = await refusal(
      call('buscar_horarios', { profissional_id: ana.id, data: '2026-11-30' }, customer.context()),
      'date_past',
    );
    expect(message).toBe('A data 2026-11-30 já passou (hoje é 2026-12-01). Peça ao cliente uma data a partir de hoje.');
  });

  it('when the start has already passed today, then it says the local time now', async () => {
    const message = await refusal(agendar('2026-12-01T08:30'), 'start_past');
    expect(message).toBe(
      'O horário 2026-12-01T08:30 já passou (agora são 2026-12-01T09:00). Peça ao cliente um horário futuro e confira com buscar_horarios.',
    );
  });

  it('when the date is beyond the horizon, then it names the last bookable date', async () => {
    const expected =
      'A data 2027-01-01 está além do prazo de agendamento: só é possível agendar até 2026-12-31 (30 dias à frente). Peça ao cliente uma data até 2026-12-31.';
    expect(
      await refusal(call('buscar_horarios', { profissional_id: ana.id, data: '2027-01-01' }, customer.context()), 'beyond_horizon'),
    ).toBe(expected);
    expect(await refusal(agendar('2027-01-01T10:00'), 'beyond_horizon')).toBe(expected);
  });

  it('when the professional does not work that weekday, then it names the next day with a free time', async () => {
    const sunday = await refusal(
      call('buscar_horarios', { profissional_id: ana.id, data: '2026-12-06' }, customer.context()),
      'no_working_hours',
    );
    expect(sunday).toBe(
      'Ana não atende em domingo, 2026-12-06. O próximo dia com horário livre é segunda-feira, 2026-12-07: consulte buscar_horarios para essa data ou ofereça outro profissional.',
    );
    const monday = await refusal(agendar('2026-12-07T11:00', bia.id), 'no_working_hours');
    expect(monday).toContain('Bia não atende em segunda-feira, 2026-12-07. O próximo dia com horário livre é terça-feira, 2026-12-08');
  });

  it('when the professional does not do the service, then it names who does', async () => {
    const message = await refusal(
      call('buscar_horarios', { profissional_id: bia.id, data: '2026-12-02', servico_id: coloracao.id }, customer.context()),
      'service_not_offered',
    );
    expect(message).toBe(
      `Bia não faz Coloração. Quem faz: Ana (id ${ana.id}). Ofereça um desses profissionais ao cliente e consulte buscar_horarios com o id escolhido.`,
    );
    expect(await refusal(agendar('2026-12-02T10:00', bia.id, coloracao.id), 'service_not_offered')).toBe(message);
  });

  it('when the professional offers no service at all, then it asks to choose another professional', async () => {
    const idle = await addProfessional(db, tenant.id, { name: 'Cris', serviceIds: [], hours: [[2, '09:00', '18:00']] });
    const message = await refusal(
      call('buscar_horarios', { profissional_id: idle.id, data: '2026-12-02' }, customer.context()),
      'no_services_offered',
    );
    expect(message).toBe('Cris não tem serviços disponíveis para agendamento. Escolha outro profissional com listar_profissionais.');
  });

  it('when the slot is taken, then it offers the three nearest free starts', async () => {
    const other = await createCustomer(db, tenant.id);
    await insertAppointment(db, {
      tenantId: tenant.id,
      professionalId: ana.id,
      serviceId: corte.id,
      customerId: other.customerId,
      startsAt: '2026-12-02T17:00:00Z',
      endsAt: '2026-12-02T17:30:00Z',
      createdAt: '2026-11-01T12:00:00Z',
    });
    const message = await refusal(agendar('2026-12-02T14:00'), 'slot_not_free');
    expect(message).toBe(
      'O horário 2026-12-02T14:00 com Ana não está disponível. Horários livres mais próximos: 2026-12-02T13:15, 2026-12-02T13:30, 2026-12-02T14:30. Ofereça um deles ao cliente.',
    );
  });

  it('when the start falls in a break, then it is refused with the nearest free starts and nothing is booked', async () => {
    const message = await refusal(agendar('2026-12-03T12:00'), 'slot_not_free');
    expect(message).toContain('Horários livres mais próximos: 2026-12-03T11:00, 2026-12-03T11:15, 2026-12-03T11:30.');
    expect(await db.appointment.count({ where: { tenantId: tenant.id, customerId: customer.customerId } })).toBe(0);
  });

  it('when the slot was taken moments ago, then it says it was just taken and offers the nearest free starts', async () => {
    const other = await createCustomer(db, tenant.id);
    await call('agendar', { profissional_id: bia.id, servico_id: corte.id, inicio: '2026-12-04T12:00' }, other.context());
    const message = await refusal(agendar('2026-12-04T12:00', bia.id), 'slot_just_taken');
    expect(message).toBe(
      'O horário 2026-12-04T12:00 com Bia acabou de ser ocupado por outro cliente. Horários livres mais próximos: 2026-12-04T11:15, 2026-12-04T11:30, 2026-12-04T12:30. Ofereça um deles ao cliente.',
    );
  });

  it('when the start is inside the minimum notice, then it says the notice and offers the first allowed starts', async () => {
    const message = await refusal(agendar('2026-12-01T09:30'), 'minimum_notice');
    expect(message).toBe(
      'O horário 2026-12-01T09:30 não respeita a antecedência mínima de 1 h para agendar. Horários livres mais próximos: 2026-12-01T10:00, 2026-12-01T10:15, 2026-12-01T10:30. Ofereça um deles ao cliente.',
    );
  });

  it('when the appointment id does not exist, then it points to meus_agendamentos', async () => {
    const expected =
      'Agendamento 987654 não encontrado entre os agendamentos deste cliente. Use meus_agendamentos para ver os ids corretos.';
    expect(await refusal(call('cancelar', { agendamento_id: 987654 }, customer.context()), 'appointment_not_found')).toBe(expected);
    expect(
      await refusal(call('remarcar', { agendamento_id: 987654, inicio: '2026-12-03T10:00' }, customer.context()), 'appointment_not_found'),
    ).toBe(expected);
  });

  it('when the appointment starts within the cancellation notice, then cancelling and rescheduling are refused with a way out', async () => {
    const booked = await agendar('2026-12-01T15:00');
    const id = booked.agendamento.agendamento_id;
    const expected = `O agendamento ${id} (2026-12-01T15:00) começa em menos de 24 h e já não pode ser cancelado nem remarcado por aqui. Explique isso ao cliente e, se ele insistir, transfira para um atendente (transferir_para_humano).`;
    expect(await refusal(call('cancelar', { agendamento_id: id }, customer.context()), 'cancel_notice')).toBe(expected);
    expect(await refusal(call('remarcar', { agendamento_id: id, inicio: '2026-12-03T10:00' }, customer.context()), 'cancel_notice')).toBe(
      expected,
    );
    expect((await db.appointment.findUniqueOrThrow({ where: { id } })).status).toBe('booked');
  });

  it('when the appointment already happened, then it cannot be cancelled', async () => {
    const past = await insertAppointment(db, {
      tenantId: tenant.id,
      professionalId: ana.id,
      serviceId: corte.id,
      customerId: customer.customerId,
      startsAt: '2026-11-28T13:00:00Z',
      endsAt: '2026-11-28T13:30:00Z',
    });
    const message = await refusal(call('cancelar', { agendamento_id: past.id }, customer.context()), 'appointment_past');
    expect(message).toBe(
      `O agendamento ${past.id} (2026-11-28T10:00) já começou ou passou e não pode ser cancelado nem remarcado. Use meus_agendamentos para ver os próximos.`,
    );
  });

  it('when rescheduling a cancelled appointment, then it says to book a new one', async () => {
    const cancelled = await insertAppointment(db, {
      tenantId: tenant.id,
      professionalId: ana.id,
      serviceId: corte.id,
      customerId: customer.customerId,
      startsAt: '2026-12-10T13:00:00Z',
      endsAt: '2026-12-10T13:30:00Z',
      status: 'cancelled',
    });
    const message = await refusal(
      call('remarcar', { agendamento_id: cancelled.id, inicio: '2026-12-10T11:00' }, customer.context()),
      'appointment_cancelled',
    );
    expect(message).toBe(
      `O agendamento ${cancelled.id} está cancelado e não pode ser remarcado. Para marcar um novo horário, use agendar.`,
    );
  });

  it('when the professional or service id is unknown, then it points to the listing tools', async () => {
    expect(
      await refusal(call('buscar_horarios', { profissional_id: 999999, data: '2026-12-02' }, customer.context()), 'professional_not_found'),
    ).toBe('Profissional 999999 não encontrado. Use listar_profissionais para ver os profissionais e seus ids.');
    expect(await refusal(agendar('2026-12-02T10:00', ana.id, 999999), 'service_not_found')).toBe(
      'Serviço 999999 não encontrado. Use listar_servicos para ver os serviços e seus ids.',
    );
    expect(await refusal(call('listar_profissionais', { servico_id: 999999 }, customer.context()), 'service_not_found')).toContain(
      'listar_servicos',
    );
  });

  it('every refusal above reads as a pt-BR instruction: a fact followed by the next step', async () => {
    const messages = await Promise.all([
      refusal(call('buscar_horarios', { profissional_id: ana.id, data: '2026-11-30' }, customer.context()), 'date_past'),
      refusal(call('buscar_horarios', { profissional_id: ana.id, data: '2026-12-06' }, customer.context()), 'no_working_hours'),
      refusal(agendar('2027-01-01T10:00'), 'beyond_horizon'),
      refusal(agendar('2026-12-01T09:30'), 'minimum_notice'),
      refusal(call('cancelar', { agendamento_id: 987654 }, customer.context()), 'appointment_not_found'),
    ]);
    for (const message of messages) {
      expect(message.length).toBeLessThan(320);
      expect(message).toMatch(NEXT_STEP);
      expect(message).not.toMatch(/\b(the|error|not found|invalid)\b/i);
    }
  });
});
