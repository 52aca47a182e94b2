import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { findFreeSlots } from '../../src/scheduling/availability/index.js';
import type { AgendarResult, BuscarHorariosResult } from '../../src/scheduling/tools/index.js';
import { localDateTimeOf } from '../../src/shared/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { addProfessional, createCustomer, insertAppointment, NOW, refusal, schedulingTools, times } from './scheduling-test-kit.js';

type Overrides = Parameters<typeof createTestTenant>[1];

interface AvailabilityCase {
  name: string;
  tenant?: Overrides;
  /** Adds rows and picks who/what to ask for; defaults to Ana + corte. */
  setup?: (db: Db, tenant: TestTenant, customerId: number) => Promise<{ professionalId?: number; serviceId?: number } | undefined>;
  date: string;
  serviceKey?: 'corte' | 'coloracao';
  /** Local start labels expected, in order. */
  expected: string[];
  /** Optional exact UTC instants of the first starts (zone arithmetic check). */
  expectedInstants?: string[];
}

const cases: AvailabilityCase[] = [
  {
    name: 'a lunch break splits the day and no service runs into it',
    date: '2026-12-02',
    expected: [...times('09:00', '11:30', 15), ...times('13:00', '17:30', 15)],
    expectedInstants: ['2026-12-02T12:00:00.000Z'],
  },
  {
    name: 'time off removes every start whose service would touch it',
    date: '2026-12-02',
    setup: async (db, tenant) => {
      const ana = tenant.professionals[0]!;
      await db.timeOff.create({
        data: {
          tenantId: tenant.id,
          professionalId: ana.id,
          startsAt: new Date('2026-12-02T17:00:00Z'),
          endsAt: new Date('2026-12-02T18:00:00Z'),
        },
      });
      return undefined;
    },
    expected: [...times('09:00', '11:30', 15), ...times('13:00', '13:30', 15), ...times('15:00', '17:30', 15)],
  },
  {
    name: 'a booked appointment hides the starts that overlap it, a cancelled one does not',
    date: '2026-12-02',
    setup: async (db, tenant, customerId) => {
      const [ana, corte] = [tenant.professionals[0]!, tenant.services[0]!];
      const base = { tenantId: tenant.id, professionalId: ana.id, serviceId: corte.id, customerId };
      await insertAppointment(db, { ...base, startsAt: '2026-12-02T13:00:00Z', endsAt: '2026-12-02T13:30:00Z' });
      await insertAppointment(db, { ...base, startsAt: '2026-12-02T16:00:00Z', endsAt: '2026-12-02T16:30:00Z', status: 'cancelled' });
      return undefined;
    },
    expected: [...times('09:00', '09:30', 15), ...times('10:30', '11:30', 15), ...times('13:00', '17:30', 15)],
  },
  {
    name: 'an appointment waiting for its deposit (pending_payment) hides its starts like a booked one; an expired hold does not',
    date: '2026-12-02',
    setup: async (db, tenant, customerId) => {
      const [ana, corte] = [tenant.professionals[0]!, tenant.services[0]!];
      const base = { tenantId: tenant.id, professionalId: ana.id, serviceId: corte.id, customerId };
      await insertAppointment(db, { ...base, startsAt: '2026-12-02T13:00:00Z', endsAt: '2026-12-02T13:30:00Z', status: 'pending_payment' });
      await insertAppointment(db, { ...base, startsAt: '2026-12-02T16:00:00Z', endsAt: '2026-12-02T16:30:00Z', status: 'expired' });
      return undefined;
    },
    expected: [...times('09:00', '09:30', 15), ...times('10:30', '11:30', 15), ...times('13:00', '17:30', 15)],
  },
  {
    name: 'minimum notice: today nothing starts before now + notice (09:00 + 2h30)',
    tenant: { minNoticeMinutes: 150 },
    date: '2026-12-01',
    expected: ['11:30', ...times('13:00', '17:30', 15)],
  },
  {
    name: 'the end of each interval shorter than the service offers no start',
    date: '2026-12-02',
    serviceKey: 'coloracao',
    expected: [...times('09:00', '10:30', 15), ...times('13:00', '16:30', 15)],
  },
  {
    name: 'the last day of the horizon is still offered',
    tenant: { horizonDays: 3 },
    date: '2026-12-04',
    expected: [...times('09:00', '11:30', 15), ...times('13:00', '17:30', 15)],
  },
  {
    name: 'America/New_York spring forward (2027-03-14): the missing hour is skipped and later hours are EDT',
    tenant: { timezone: 'America/New_York', horizonDays: 400, slotStepMinutes: 60 },
    date: '2027-03-14',
    setup: async (db, tenant) => {
      const corte = tenant.services[0]!;
      const hourly = await db.service.create({ data: { tenantId: tenant.id, key: 'hora', name: 'Hora', durationMinutes: 60 } });
      const night = await addProfessional(db, tenant.id, {
        name: 'Noa',
        serviceIds: [corte.id, hourly.id],
        hours: [
          [0, '01:00', '04:00'],
          [0, '09:00', '11:00'],
        ],
      });
      return { professionalId: night.id, serviceId: hourly.id };
    },
    // 01:00 EST, then 02:00 does not exist (resolves to 03:00 EDT, the same instant as 03:00), 09:00 and 10:00 EDT.
    expected: ['01:00', '03:00', '09:00', '10:00'],
    expectedInstants: ['2027-03-14T06:00:00.000Z', '2027-03-14T07:00:00.000Z', '2027-03-14T13:00:00.000Z', '2027-03-14T14:00:00.000Z'],
  },
  {
    name: 'America/New_York fall back (2027-11-07): the repeated hour is offered once, as its first occurrence',
    tenant: { timezone: 'America/New_York', horizonDays: 400, slotStepMinutes: 60 },
    date: '2027-11-07',
    setup: async (db, tenant) => {
      const hourly = await db.service.create({ data: { tenantId: tenant.id, key: 'hora', name: 'Hora', durationMinutes: 60 } });
      const night = await addProfessional(db, tenant.id, { name: 'Noa', serviceIds: [hourly.id], hours: [[0, '00:00', '03:00']] });
      return { professionalId: night.id, serviceId: hourly.id };
    },
    expected: ['00:00', '01:00', '02:00'],
    expectedInstants: ['2027-11-07T04:00:00.000Z', '2027-11-07T05:00:00.000Z', '2027-11-07T07:00:00.000Z'],
  },
  {
    name: 'Europe/Lisbon spring forward (2027-03-28): an interval crossing the gap is two real hours long',
    tenant: { timezone: 'Europe/Lisbon', horizonDays: 400, slotStepMinutes: 30 },
    date: '2027-03-28',
    setup: async (db, tenant) => {
      const hourly = await db.service.create({ data: { tenantId: tenant.id, key: 'hora', name: 'Hora', durationMinutes: 60 } });
      const night = await addProfessional(db, tenant.id, { name: 'Lia', serviceIds: [hourly.id], hours: [[0, '00:00', '03:00']] });
      return { professionalId: night.id, serviceId: hourly.id };
    },
    expected: ['00:00', '00:30', '02:00'],
    expectedInstants: ['2027-03-28T00:00:00.000Z', '2027-03-28T00:30:00.000Z', '2027-03-28T01:00:00.000Z'],
  },
  {
    name: 'America/Sao_Paulo (UTC-3, no DST): Bia works 10:00-19:00 local',
    date: '2026-12-05',
    setup: async (_db, tenant) => ({ professionalId: tenant.professionals[1]!.id }),
    expected: times('10:00', '18:30', 15),
    expectedInstants: ['2026-12-05T13:00:00.000Z', '2026-12-05T13:15:00.000Z'],
  },
];

describe('availability (findFreeSlots)', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  it.each(cases)('when $name, then exactly those starts are offered', async (testCase) => {
    const tenant = await createTestTenant(db, testCase.tenant);
    const customer = await createCustomer(db, tenant.id);
    const picked = (await testCase.setup?.(db, tenant, customer.customerId)) ?? {};
    const service = tenant.services.find((candidate) => candidate.key === (testCase.serviceKey ?? 'corte'))!;
    const found = await findFreeSlots(db, {
      tenantId: tenant.id,
      professionalId: picked.professionalId ?? tenant.professionals[0]!.id,
      serviceId: picked.serviceId ?? service.id,
      date: testCase.date,
      now: new Date(NOW),
    });
    if (found.kind === 'refused') throw new Error(`refused: ${found.refusal.kind}`);
    const { day } = found;
    const labels = day.slots.map((slot) => localDateTimeOf(slot, tenant.timezone));
    expect(labels).toEqual(testCase.expected.map((time) => `${testCase.date}T${time}`));
    if (testCase.expectedInstants) {
      expect(day.slots.slice(0, testCase.expectedInstants.length).map((slot) => new Date(slot).toISOString())).toEqual(
        testCase.expectedInstants,
      );
    }
  });

  it('when the day has many starts, then buscar_horarios summarises it in ranges and a bounded sample', async () => {
    const tenant = await createTestTenant(db);
    const customer = await createCustomer(db, tenant.id);
    const call = schedulingTools(db);
    const result = await call<BuscarHorariosResult>(
      'buscar_horarios',
      { profissional_id: tenant.professionals[0]!.id, data: '2026-12-02', servico_id: tenant.services[0]!.id },
      customer.context(),
    );
    expect(result).toMatchObject({
      profissional: { id: tenant.professionals[0]!.id, nome: 'Ana' },
      servico: { id: tenant.services[0]!.id, nome: 'Corte', duracao_minutos: 30 },
      data: '2026-12-02',
      dia_semana: 'quarta-feira',
      total_livres: 30,
      passo_minutos: 15,
      faixas: [
        { periodo: 'manhã', de: '09:00', ate: '11:30', livres: 11 },
        { periodo: 'tarde', de: '13:00', ate: '17:30', livres: 19 },
      ],
    });
    expect(result.horarios.length).toBeLessThanOrEqual(10);
    expect(result.horarios).toContain('09:00');
    expect(result.horarios).toContain('13:00');
    expect(result.horarios_omitidos).toBe(30 - result.horarios.length);
    expect(JSON.stringify(result).length).toBeLessThan(800);
  });

  it('when no service is given, then the professional’s shortest service is used', async () => {
    const tenant = await createTestTenant(db);
    const customer = await createCustomer(db, tenant.id);
    const result = await schedulingTools(db)<BuscarHorariosResult>(
      'buscar_horarios',
      { profissional_id: tenant.professionals[0]!.id, data: '2026-12-02' },
      customer.context(),
    );
    expect(result.servico).toEqual({ id: tenant.services[0]!.id, nome: 'Corte', duracao_minutos: 30 });
    expect(result.total_livres).toBe(30);
  });

  it('when the working day is fully taken by time off, then the result says so and names the next free day', async () => {
    const tenant = await createTestTenant(db);
    const customer = await createCustomer(db, tenant.id);
    const ana = tenant.professionals[0]!;
    await db.timeOff.create({
      data: {
        tenantId: tenant.id,
        professionalId: ana.id,
        startsAt: new Date('2026-12-02T03:00:00Z'),
        endsAt: new Date('2026-12-04T03:00:00Z'),
      },
    });
    const result = await schedulingTools(db)<BuscarHorariosResult>(
      'buscar_horarios',
      { profissional_id: ana.id, data: '2026-12-02', servico_id: tenant.services[0]!.id },
      customer.context(),
    );
    expect(result.total_livres).toBe(0);
    expect(result.faixas).toEqual([]);
    expect(result.proximo_dia_com_horario).toBe('2026-12-04');
    expect(result.observacao).toContain('sexta-feira, 2026-12-04');
  });

  it('when booking on the New York spring-forward day, then a wall time inside the gap is refused and a real one is stored as EDT', async () => {
    const tenant = await createTestTenant(db, { timezone: 'America/New_York', horizonDays: 400, slotStepMinutes: 30 });
    const customer = await createCustomer(db, tenant.id);
    const corte = tenant.services[0]!;
    const night = await addProfessional(db, tenant.id, { name: 'Noa', serviceIds: [corte.id], hours: [[0, '01:00', '04:00']] });
    const call = schedulingTools(db);
    const gap = await refusal(
      call('agendar', { profissional_id: night.id, servico_id: corte.id, inicio: '2027-03-14T02:30' }, customer.context()),
      'slot_not_free',
    );
    expect(gap).toContain('Horários livres mais próximos: 2027-03-14T01:30, 2027-03-14T03:00, 2027-03-14T03:30.');
    const booked = await call<AgendarResult>(
      'agendar',
      { profissional_id: night.id, servico_id: corte.id, inicio: '2027-03-14T03:00' },
      customer.context(),
    );
    expect(booked.agendamento).toMatchObject({ data: '2027-03-14', inicio: '03:00', fim: '03:30' });
    const row = await db.appointment.findUniqueOrThrow({ where: { id: booked.agendamento.agendamento_id } });
    expect([row.startsAt.toISOString(), row.endsAt.toISOString()]).toEqual(['2027-03-14T07:00:00.000Z', '2027-03-14T07:30:00.000Z']);
  });

  it('when a day crosses the spring-forward gap, then the summary ranges never imply a start inside the gap', async () => {
    const tenant = await createTestTenant(db, { timezone: 'America/New_York', horizonDays: 400, slotStepMinutes: 60 });
    const customer = await createCustomer(db, tenant.id);
    const hourly = await db.service.create({ data: { tenantId: tenant.id, key: 'hora', name: 'Hora', durationMinutes: 60 } });
    const night = await addProfessional(db, tenant.id, { name: 'Noa', serviceIds: [hourly.id], hours: [[0, '00:00', '05:00']] });
    const result = await schedulingTools(db)<BuscarHorariosResult>(
      'buscar_horarios',
      { profissional_id: night.id, data: '2027-03-14', servico_id: hourly.id },
      customer.context(),
    );
    expect(result.horarios).toEqual(['00:00', '01:00', '03:00', '04:00']);
    expect(result.faixas.map((faixa) => [faixa.de, faixa.ate])).toEqual([
      ['00:00', '01:00'],
      ['03:00', '04:00'],
    ]);
  });
});
