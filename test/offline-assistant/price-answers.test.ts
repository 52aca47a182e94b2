import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/auth/index.js';
import { fixedClock } from '../../src/shared/index.js';
import { bearer, createAdminTestApp } from '../admin/admin-test-app.js';
import { testDatabase } from '../support/test-database.js';
import { allText, demoTenant, isConfirmation } from './demo-tenant-session.js';

const { db } = await testDatabase();
// Tuesday 2026-12-01, 09:00 in São Paulo.
const clock = fixedClock('2026-12-01T12:00:00Z');

describe("offline assistant: the catalogue and the owner's changes to it (demo tenant)", () => {
  it('when the customer asks how much it costs, then the answer lists each service and variant with its price in reais', async () => {
    const demo = await demoTenant(db, clock);
    const { say } = await demo.customer();
    const answer = allText(await say('quanto custa a escova?'));
    expect(answer).toContain('• Escova: R$ 60,00 (40 min)');
    expect(answer).toContain('   • Escova cabelo longo: R$ 90,00 (60 min)');
    expect(answer).toContain('• Coloração: a partir de R$ 180,00 (120 min)');
    expect(answer).toContain('• Corte feminino: R$ 80,00 (45 min)');
    expect(answer).not.toContain('a nossa equipe informa');
  });

  it('when the owner changes a price in the console, then the very next price answer carries it', async () => {
    const demo = await demoTenant(db, clock);
    const key = generateApiKey();
    await db.apiKey.create({ data: { tenantId: demo.tenantId, prefix: key.prefix, keyHash: key.keyHash } });
    await request(createAdminTestApp(db, { clock }))
      .patch(`/admin/services/${demo.serviceId('escova')}`)
      .set(bearer(key.key))
      .send({ priceCents: 6500, priceFrom: true })
      .expect(200);
    const { say } = await demo.customer();
    const answer = allText(await say('quanto custa a escova?'));
    expect(answer).toContain('• Escova: a partir de R$ 65,00 (40 min)');
    expect(answer).not.toContain('R$ 60,00');
  });

  it('when the owner adds a professional with hours in the console, then the very next sentence naming her books her time', async () => {
    const demo = await demoTenant(db, clock);
    const key = generateApiKey();
    await db.apiKey.create({ data: { tenantId: demo.tenantId, prefix: key.prefix, keyHash: key.keyHash } });
    const before = await (await demo.customer()).say('quero marcar manicure amanhã às 10h com a carla');
    expect(allText(before)).toContain('Não encontrei ninguém chamado Carla');
    await request(createAdminTestApp(db, { clock }))
      .post('/admin/professionals')
      .set(bearer(key.key))
      .send({ name: 'Carla Dias', services: ['manicure'], hours: { wed: [['09:00', '12:00']] } })
      .expect(201);
    // Wednesday 2026-12-02 is "amanhã" at the clock; Carla works 09:00–12:00 and does manicure only.
    const { say, appointments } = await demo.customer();
    const confirm = await say('quero marcar manicure amanhã às 10h com a carla');
    expect(isConfirmation(confirm)).toBe(true);
    expect(allText(confirm)).toContain('Carla Dias');
    expect(allText(confirm)).toContain('às 10:00');
    await say('sim');
    const [booked] = await appointments();
    expect(booked?.status).toBe('booked');
    const carla = await db.professional.findFirstOrThrow({ where: { tenantId: demo.tenantId, name: 'Carla Dias' } });
    expect(booked?.professionalId).toBe(carla.id);
  });
});
