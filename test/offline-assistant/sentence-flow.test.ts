import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/shared/index.js';
import { testDatabase } from '../support/test-database.js';
import { allText, demoTenant, isConfirmation, localStart, options } from './demo-tenant-session.js';

const { db } = await testDatabase();
// Tuesday 2026-12-01, 09:00 in São Paulo.
const clock = fixedClock('2026-12-01T12:00:00Z');
const demo = await demoTenant(db, clock);

describe('offline assistant: a whole first sentence (demo tenant)', () => {
  it.each(['sim', '1'])(
    'when the first message says service, day, time and professional, then the next reply confirms them and "%s" books: two messages',
    async (yes) => {
      const own = await demoTenant(db, clock);
      const { say, appointments } = await own.customer();
      const confirm = await say('quero marcar corte feminino amanhã às 15h com a Juliana');
      expect(isConfirmation(confirm)).toBe(true);
      expect(allText(confirm)).toContain('Corte feminino');
      expect(allText(confirm)).toContain('Juliana Alves');
      expect(allText(confirm)).toContain('Amanhã, qua 02/12 às 15:00');
      expect(await appointments()).toHaveLength(0);
      const booked = await say(yes);
      expect(allText(booked)).toContain('Pronto, agendado!');
      const rows = await appointments();
      expect(rows).toHaveLength(1);
      expect(localStart(rows[0]!.startsAt)).toBe('2026-12-02T15:00');
      expect(rows[0]?.professionalId).toBe(own.professionalId('juliana'));
      expect(rows[0]?.serviceId).toBe(own.serviceId('corte'));
    },
  );

  it('when the customer asks "tem horário sexta de tarde?", then after the service only Friday afternoon starts are offered', async () => {
    const { say } = await demo.customer();
    const services = await say('tem horário sexta de tarde?');
    expect(options(services).map((option) => option.title)).toEqual(['Coloração', 'Corte feminino', 'Escova', 'Manicure']);
    const times = await say('corte');
    expect(allText(times)).toContain('à tarde em sex 04/12');
    const slots = options(times).map((option) => option.id);
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(slot.slice(0, 16)).toBe('slot:2026-12-04T');
      expect(slot.slice(16) >= '12:00' && slot.slice(16) < '18:00').toBe(true);
    }
  });

  it('when the first message names the service and a window, then the first reply is the free starts inside it', async () => {
    const { say } = await demo.customer();
    const times = await say('tem horário sexta de tarde pra manicure?');
    const slots = options(times).map((option) => option.id.slice(16));
    // Camila: Friday 13:30–18:00, 50 min, 15 min step → 13:30 … 17:00.
    expect(slots[0]).toBe('13:30');
    expect(slots.every((time) => time >= '12:00' && time < '18:00')).toBe(true);
    expect(options(times).every((option) => option.id.startsWith('slot:2026-12-04T'))).toBe(true);
  });

  it('when the asked time is taken, then the nearest free times of the same afternoon are offered, never the taken one', async () => {
    const own = await demoTenant(db, clock);
    const other = await own.customer();
    await other.book('corte', 'juliana', '2026-12-02T15:00');
    const { say, appointments } = await own.customer();
    const nearest = await say('corte amanhã às 15h com a ju');
    expect(allText(nearest)).toContain('15:00 não está livre');
    const times = options(nearest).map((option) => option.id.slice(16));
    expect(times).not.toContain('15:00');
    expect(times.length).toBeGreaterThan(0);
    expect(times.every((time) => time >= '12:00' && time < '18:00')).toBe(true);
    const confirm = await say(times[0]!);
    expect(isConfirmation(confirm)).toBe(true);
    expect(await appointments()).toHaveLength(0);
  });

  it('when the day is closed or beyond the horizon, then it is said plainly with the next open day', async () => {
    const { say } = await demo.customer();
    const sunday = await say('corte domingo às 10h');
    expect(allText(sunday)).toContain('Não há atendimento em dom 06/12. O próximo dia com horário livre é seg 07/12.');
    expect(options(sunday).some((option) => option.id.startsWith('day:'))).toBe(true);
    const far = await (await demo.customer()).say('escova dia 15/01 às 10h');
    expect(allText(far)).toContain('Só agendamos até 31/12');
  });

  it('when today has no free time left, then that is said with the next open day', async () => {
    // 18:30 in São Paulo: Camila works until 18:00.
    const evening = await demoTenant(db, fixedClock('2026-12-01T21:30:00Z'));
    const today = await (await evening.customer()).say('manicure hoje');
    expect(allText(today)).toContain('Não há horários livres hoje (ter 01/12). O próximo dia com horário livre é amanhã (qua 02/12).');
  });

  it('when a name fits two professionals, then the customer is asked which, and the rest of the sentence is kept', async () => {
    const twoJus = await demoTenant(db, clock, (file) => ({
      ...file,
      professionals: [
        ...file.professionals,
        { key: 'julia', name: 'Julia Lima', services: ['corte'], hours: { wed: [['09:00', '18:00']] } },
      ],
    }));
    const { say, appointments } = await twoJus.customer();
    const which = await say('corte amanhã 15h com a ju');
    expect(allText(which)).toContain('Julia Lima ou Juliana Alves?');
    const confirm = await say('julia');
    expect(isConfirmation(confirm)).toBe(true);
    expect(allText(confirm)).toContain('Julia Lima');
    expect(allText(confirm)).toContain('às 15:00');
    await say('sim');
    expect((await appointments())[0]?.professionalId).toBe(twoJus.professionalId('julia'));
  });

  it('when only a professional is named, then only the services that professional does are asked (one: chosen at once)', async () => {
    const withCamila = await (await demo.customer()).say('quero marcar com a camila amanhã às 10h');
    expect(isConfirmation(withCamila)).toBe(true);
    expect(allText(withCamila)).toContain('Manicure');
    const withRafael = await (await demo.customer()).say('quero marcar com o rafael');
    expect(options(withRafael).map((option) => option.title)).toEqual(['Corte feminino', 'Escova']);
  });

  it('when the service word fits several services, then only those are offered and the day and time are kept', async () => {
    const { say } = await demo.customer();
    const which = await say('quero fazer o cabelo amanhã às 10h');
    expect(options(which).map((option) => option.title)).toEqual(['Coloração', 'Corte feminino', 'Escova']);
    const confirm = await say('3');
    expect(isConfirmation(confirm)).toBe(true);
    expect(allText(confirm)).toContain('Escova');
    expect(allText(confirm)).toContain('Amanhã, qua 02/12 às 10:00');
  });

  it('when a later answer is a sentence ("sexta às 16h" at the day list), then it is read too', async () => {
    const { say } = await demo.customer();
    await say('agendar');
    await say('escova');
    await say('qualquer um');
    const confirm = await say('sexta às 16h');
    expect(isConfirmation(confirm)).toBe(true);
    expect(allText(confirm)).toContain('Sex 04/12 às 16:00');
  });
});

describe('offline assistant: an option typed with more', () => {
  it('when the service is typed with a day and time at the service list, then the next reply is the confirmation', async () => {
    const { say } = await demo.customer();
    await say('agendar');
    const confirm = await say('escova sexta às 11h');
    expect(isConfirmation(confirm)).toBe(true);
    expect(allText(confirm)).toContain('Sex 04/12 às 11:00');
  });

  it('when "remarcar para sábado às 11h" is typed at an appointment\'s actions, then the new time is confirmed', async () => {
    const { say, book } = await demo.customer();
    await book('manicure', 'camila', '2026-12-03T10:00');
    const actions = await say('meus agendamentos');
    expect(options(actions).map((option) => option.title)).toEqual(['Cancelar', 'Remarcar', 'Menu']);
    const confirm = await say('remarcar para sábado às 11h');
    expect(isConfirmation(confirm)).toBe(true);
    expect(allText(confirm)).toContain('nova data');
    expect(allText(confirm)).toContain('Sáb 05/12 às 11:00');
  });
});

describe('offline assistant: the confirmation', () => {
  it('when the customer answers the confirmation with another time ("pode ser às 16h?"), then the new time is confirmed again, not booked', async () => {
    const own = await demoTenant(db, clock);
    const { say, appointments } = await own.customer();
    await say('escova amanhã às 15h com a juliana');
    const again = await say('pode ser às 16h?');
    expect(isConfirmation(again)).toBe(true);
    expect(allText(again)).toContain('Amanhã, qua 02/12 às 16:00');
    expect(await appointments()).toHaveLength(0);
    await say('sim');
    expect((await appointments()).map((row) => localStart(row.startsAt))).toEqual(['2026-12-02T16:00']);
  });
});

describe('offline assistant: cancel and reschedule from one sentence (demo tenant)', () => {
  it('when "cancela meu horário de sexta" is sent with one Friday appointment, then the cancel confirmation is for that one', async () => {
    const { say, book, appointments } = await demo.customer();
    await book('corte', 'rafael', '2026-12-04T10:00');
    await book('manicure', 'camila', '2026-12-05T09:00');
    const confirm = await say('cancela meu horário de sexta');
    expect(options(confirm).map((option) => option.title)).toEqual(['Sim, cancelar', 'Não']);
    expect(allText(confirm)).toContain('Sex 04/12 às 10:00 · Corte feminino com Rafael Souza');
    await say('sim');
    expect((await appointments()).map((row) => row.status)).toEqual(['cancelled', 'booked']);
  });

  it('when "passa meu corte para sábado às 10h" is sent, then the next reply confirms the new time and "sim" moves it', async () => {
    const { say, book, appointments } = await demo.customer();
    await book('corte', 'juliana', '2026-12-03T14:00');
    const confirm = await say('passa meu corte para sábado às 10h');
    expect(isConfirmation(confirm)).toBe(true);
    expect(allText(confirm)).toContain('nova data');
    expect(allText(confirm)).toContain('Sáb 05/12 às 10:00');
    await say('sim');
    const rows = await appointments();
    // The same appointment, moved.
    expect(rows.map((row) => [row.status, localStart(row.startsAt)])).toEqual([['booked', '2026-12-05T10:00']]);
  });

  it('when the named day has no appointment of the customer, then that is said and their appointments are shown', async () => {
    const { say, book } = await demo.customer();
    await book('escova', 'juliana', '2026-12-03T11:00');
    const outcome = await say('cancela meu horário de sábado');
    expect(allText(outcome)).toContain('Não encontrei agendamento seu');
    expect(allText(outcome)).toContain('Qui 03/12 às 11:00');
  });
});
