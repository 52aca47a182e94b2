import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/shared/index.js';
import { testDatabase } from '../support/test-database.js';
import { allText, demoTenant, isConfirmation } from './demo-tenant-session.js';

const { db } = await testDatabase();
// Tuesday 2026-12-01, 09:00 in São Paulo.
const clock = fixedClock('2026-12-01T12:00:00Z');

describe('offline assistant: a service that needs a deposit', () => {
  it('when the customer confirms a coloração, then the assistant says the deposit, the hold and the policy, never "agendado", and the slot waits for payment', async () => {
    const demo = await demoTenant(db, clock, (file) => ({
      ...file,
      payments: {
        provider: 'mercadopago',
        accessToken: 'APP_USR-demo',
        webhookSecret: 'demo-secret',
        deposit: { percent: 30, services: ['coloracao'], holdMinutes: 20, refundUntilHours: 48 },
      },
    }));
    const { say, appointments } = await demo.customer();
    const confirm = await say('quero marcar coloração amanhã às 15h com a Juliana');
    expect(isConfirmation(confirm)).toBe(true);
    const answer = allText(await say('sim'));
    expect(answer).not.toContain('agendado');
    expect(answer).toContain('falta o sinal de R$ 54,00 por Pix');
    expect(answer).toContain('reservado até 09:20');
    expect(answer).toContain('48 horas');
    const rows = await appointments();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('pending_payment');
    expect(await db.deposit.count({ where: { appointmentId: rows[0]!.id, amountCents: 5400 } })).toBe(1);
  });

  it('when the customer asks for their appointments while the deposit is unpaid, then it is shown as waiting for the sinal with the amount and the hold, not as booked', async () => {
    const demo = await demoTenant(db, clock, (file) => ({
      ...file,
      payments: {
        provider: 'mercadopago',
        accessToken: 'APP_USR-demo',
        webhookSecret: 'demo-secret',
        deposit: { percent: 30, services: ['coloracao'], holdMinutes: 20, refundUntilHours: 48 },
      },
    }));
    const { say } = await demo.customer();
    expect(isConfirmation(await say('quero marcar coloração amanhã às 15h com a Juliana'))).toBe(true);
    await say('sim');
    const listing = allText(await say('meus agendamentos'));
    expect(listing).toContain('Aguardando o sinal (ainda não confirmado)');
    expect(listing).toMatch(/às 15:00 · Coloração com Juliana Alves: sinal de R\$ 54,00 por Pix até 09:20/);
    expect(listing).not.toContain('Seu agendamento:');
    expect(listing).not.toContain('Você não tem agendamentos marcados');
  });
});
