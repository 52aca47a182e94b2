import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/shared/index.js';
import { testDatabase } from '../support/test-database.js';
import { allText, demoTenant, options } from './demo-tenant-session.js';

const { db } = await testDatabase();
// Tuesday 2026-12-01, 09:00 in São Paulo.
const clock = fixedClock('2026-12-01T12:00:00Z');

describe('offline assistant: the waitlist', () => {
  it('when the customer writes "me avisa se vagar corte feminino sexta à tarde", then they are on the waitlist for Friday afternoon and told it is not a booking', async () => {
    const demo = await demoTenant(db, clock);
    const { say, ids, appointments } = await demo.customer();
    const answer = await say('me avisa se vagar corte feminino sexta à tarde');
    expect(allText(answer)).toContain('lista de espera de Corte feminino');
    expect(allText(answer)).toContain('sex 04/12 à tarde');
    expect(allText(answer)).toContain('não é um agendamento');
    const entries = await db.waitlistEntry.findMany({ where: { tenantId: demo.tenantId, customerId: ids.customerId } });
    expect(
      entries.map(({ serviceId, date, period, professionalId, status }) => ({ serviceId, date, period, professionalId, status })),
    ).toEqual([{ serviceId: demo.serviceId('corte'), date: '2026-12-04', period: 'tarde', professionalId: null, status: 'open' }]);
    expect(await appointments()).toEqual([]);
    // Asking again adds nothing.
    const again = await say('me avisa se vagar corte feminino sexta à tarde');
    expect(allText(again)).toContain('Você já está na lista de espera');
    expect(await db.waitlistEntry.count({ where: { tenantId: demo.tenantId, customerId: ids.customerId } })).toBe(1);
  });

  it('when the request names a professional, then the entry is for her only', async () => {
    const demo = await demoTenant(db, clock);
    const { say, ids } = await demo.customer();
    const answer = await say('se abrir uma vaga de corte feminino com a Juliana amanhã de manhã me avisa');
    expect(allText(answer)).toContain('com Juliana');
    const [entry] = await db.waitlistEntry.findMany({ where: { tenantId: demo.tenantId, customerId: ids.customerId } });
    expect(entry).toMatchObject({ date: '2026-12-02', period: 'manha', professionalId: demo.professionalId('juliana') });
  });

  it('when the request says no service ("me avisa se vagar sexta à tarde"), then the service is asked and the one chosen joins with the day and period kept', async () => {
    const demo = await demoTenant(db, clock);
    const { say, ids } = await demo.customer();
    const asked = await say('me avisa se vagar sexta à tarde');
    expect(allText(asked)).toContain('Para qual serviço é a lista de espera de sex 04/12 à tarde?');
    expect(options(asked).map((option) => option.title)).toContain('Corte feminino');
    expect(await db.waitlistEntry.count({ where: { tenantId: demo.tenantId, customerId: ids.customerId } })).toBe(0);
    const joined = await say('Manicure', `svc:${demo.serviceId('manicure')}`);
    expect(allText(joined)).toContain('lista de espera de Manicure para sex 04/12 à tarde');
    const entries = await db.waitlistEntry.findMany({ where: { tenantId: demo.tenantId, customerId: ids.customerId } });
    expect(entries.map(({ serviceId, date, period }) => ({ serviceId, date, period }))).toEqual([
      { serviceId: demo.serviceId('manicure'), date: '2026-12-04', period: 'tarde' },
    ]);
  });

  it('when the request names no day, then the assistant says what it needs and lists nothing', async () => {
    const demo = await demoTenant(db, clock);
    const { say, ids } = await demo.customer();
    const answer = await say('me coloca na lista de espera');
    expect(allText(answer)).toContain('me diga o dia');
    expect(await db.waitlistEntry.count({ where: { tenantId: demo.tenantId, customerId: ids.customerId } })).toBe(0);
  });
});
