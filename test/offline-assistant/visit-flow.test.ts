import { describe, expect, it } from 'vitest';
import { createOfflineAssistant } from '../../src/offline-assistant/index.js';
import { fixedClock, silentLogger } from '../../src/shared/index.js';
import { createInboundMessage } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { allText, demoTenant, isConfirmation, localStart, options, replies } from './demo-tenant-session.js';

const { db } = await testDatabase();
// Tuesday 2026-12-01, 09:00 in São Paulo.
const clock = fixedClock('2026-12-01T12:00:00Z');

const booked = async (rows: Promise<{ status: string; startsAt: Date; serviceId: number; professionalId: number }[]>) =>
  (await rows).filter((row) => row.status === 'booked').map((row) => [localStart(row.startsAt), row.serviceId, row.professionalId]);

describe('offline assistant: several services in one request (a visit, demo tenant)', () => {
  it('when two services are asked in one sentence, then one confirmation lists both back to back, "sim" books both as one visit and one receipt has a line each with its price and the total', async () => {
    const demo = await demoTenant(db, clock);
    const { say, appointments } = await demo.customer();
    const confirm = await say('corte e escova amanhã às 14h');
    expect(allText(confirm)).toContain('• 14:00 *Corte feminino* com *Juliana Alves*\n• 14:45 *Escova* com *Juliana Alves*');
    const done = await say('sim');
    const juliana = demo.professionalId('juliana');
    expect(await booked(appointments())).toEqual([
      ['2026-12-02T14:00', demo.serviceId('corte'), juliana],
      ['2026-12-02T14:45', demo.serviceId('escova'), juliana],
    ]);
    const receipts = replies(done).filter((reply) => reply.text.includes('Agendamento confirmado'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(
      'qua 02/12\n• 14:00 Corte feminino com Juliana Alves · R$ 80,00\n• 14:45 Escova com Juliana Alves · R$ 60,00\nTotal: R$ 140,00\n📍',
    );
    const visits = new Set((await appointments()).map((row) => row.visitId));
    expect(visits.size).toBe(1);
    expect([...visits][0]).not.toBeNull();
  });

  it('when a later service of the visit is taken before "sim", then nothing is booked (all or nothing), that is said, and the times where the whole visit fits follow', async () => {
    const demo = await demoTenant(db, clock);
    const { say, appointments } = await demo.customer();
    expect(isConfirmation(await say('corte e escova amanhã às 14h'))).toBe(true);
    await (await demo.customer()).book('escova', 'juliana', '2026-12-02T14:45');
    const refused = await say('sim');
    expect(allText(refused)).toContain('Nesse horário já não cabem todos os serviços seguidos.');
    expect(options(refused).every((option) => option.id.startsWith('slot:2026-12-02T'))).toBe(true);
    expect(await booked(appointments())).toEqual([]);
    await say('16h');
    await say('sim');
    expect((await booked(appointments())).map(([start]) => start)).toEqual(['2026-12-02T16:00', '2026-12-02T16:45']);
  });

  it('when the same "sim" is answered again before its turn was stored (a retried job), then each service is booked once', async () => {
    const demo = await demoTenant(db, clock);
    const { say, ids, appointments } = await demo.customer();
    await say('manicure e escova sexta às 10h');
    const assistant = createOfflineAssistant({ db, clock, logger: silentLogger, tools: demo.tools });
    const message = await createInboundMessage(db, { ...ids, text: 'sim' });
    const input = {
      ...ids,
      runId: 0,
      signal: new AbortController().signal,
      messages: [{ id: message.id, type: 'text', text: 'sim', replyId: null, createdAt: message.createdAt }],
    };
    await assistant.respond(input);
    await assistant.respond(input);
    expect(await booked(appointments())).toHaveLength(2);
  });

  it('when the customer answers "as duas" to a question between two services, then both are one visit, with the day and time kept', async () => {
    const demo = await demoTenant(db, clock);
    const { say, appointments } = await demo.customer();
    const which = await say('corte ou escova amanhã 10h, não sei');
    expect(options(which).map((option) => option.title)).toEqual(['Corte feminino', 'Escova']);
    const confirm = await say('as duas');
    expect(allText(confirm)).toContain('• 10:00 *Corte feminino*');
    expect(allText(confirm)).toContain('• 10:45 *Escova*');
    await say('sim');
    expect(await booked(appointments())).toHaveLength(2);
  });

  it('when a visit with a window but no day is asked, then a day tapped on the list keeps both services and the window', async () => {
    const demo = await demoTenant(db, clock);
    const { say } = await demo.customer();
    const days = await say('corte e escova de tarde');
    expect(options(days).some((option) => option.id === 'day:2026-12-02')).toBe(true);
    const times = await say('Amanhã, qua 02/12', 'day:2026-12-02');
    expect(options(times).every((option) => option.id >= 'slot:2026-12-02T12:00' && option.id < 'slot:2026-12-02T18:00')).toBe(true);
    expect(allText(await say('15h'))).toContain('• 15:45 *Escova*');
  });

  it('when one part of the visit is unclear ("cabelo e unha"), then only that part is asked and the visit follows', async () => {
    const demo = await demoTenant(db, clock);
    const { say } = await demo.customer();
    const which = await say('quero fazer cabelo e unha sexta às 10h');
    expect(options(which).map((option) => option.title)).toEqual(['Coloração', 'Corte feminino', 'Escova']);
    const confirm = await say('corte');
    expect(allText(confirm)).toContain('• 10:00 *Corte feminino* com *Juliana Alves*\n• 10:45 *Manicure* com *Camila Rocha*');
  });

  it('when after a booking the customer asks for another service "logo depois" or "no mesmo dia", then that day (and right after) is used', async () => {
    const demo = await demoTenant(db, clock);
    const { say } = await demo.customer();
    await say('corte amanhã às 15h');
    await say('sim');
    const after = await say('e uma escova logo depois');
    expect(isConfirmation(after)).toBe(true);
    expect(allText(after)).toContain('Amanhã, qua 02/12 às 15:45');
    await say('esquece');
    const sameDay = await say('manicure no mesmo dia');
    expect(options(sameDay).every((option) => option.id.startsWith('slot:2026-12-02T'))).toBe(true);
  });
});
