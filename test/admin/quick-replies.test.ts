import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyring } from '../../src/credentials/index.js';
import { importTenant, parseTenantFile } from '../../src/tenant/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

const keyring = createKeyring([{ id: 'k1', key: randomBytes(32) }], { allowDevKey: false });

function tenantFile(quickReplies: unknown) {
  return {
    slug: `salao-respostas-${process.pid}`,
    name: 'Salão Respostas',
    timezone: 'America/Sao_Paulo',
    whatsapp: { phoneNumberId: `88${process.pid}` },
    assistant: { businessInfo: '' },
    booking: { minNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 15 },
    services: [{ key: 'corte', name: 'Corte', durationMinutes: 30 }],
    professionals: [{ key: 'ana', name: 'Ana', services: ['corte'], hours: { mon: [['09:00', '18:00']] } }],
    ...(quickReplies === undefined ? {} : { quickReplies }),
  };
}

describe('quick replies: the tenant file and GET/POST /admin/quick-replies', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    other = await createTestTenant(database.db);
  });

  it('when staff save quick replies, then the tenant lists them by shortcut, the same shortcut replaces its text, and another tenant sees none', async () => {
    const app = createAdminTestApp(database.db);
    const post = (body: object, key = tenant.apiKey) => request(app).post('/admin/quick-replies').set(bearer(key)).send(body);
    expect((await post({ shortcut: 'pix', text: 'Nossa chave Pix é o CNPJ 12.345.678/0001-90.' })).status).toBe(201);
    expect((await post({ shortcut: ' Endereco ', text: 'Rua X, 10.' })).status).toBe(201);
    const replaced = await post({ shortcut: 'endereco', text: 'Rua X, 10, perto do metrô.' });
    expect(replaced.status).toBe(200);
    expect(replaced.body.quickReply).toMatchObject({ shortcut: 'endereco', text: 'Rua X, 10, perto do metrô.' });

    const listed = await request(app).get('/admin/quick-replies').set(bearer(tenant.apiKey)).expect(200);
    expect(listed.body.items.map((item: { shortcut: string; text: string }) => [item.shortcut, item.text])).toEqual([
      ['endereco', 'Rua X, 10, perto do metrô.'],
      ['pix', 'Nossa chave Pix é o CNPJ 12.345.678/0001-90.'],
    ]);
    expect((await request(app).get('/admin/quick-replies').set(bearer(other.apiKey)).expect(200)).body.items).toEqual([]);
  });

  it('when the shortcut or text is malformed, then 400 naming the field and nothing is stored', async () => {
    const app = createAdminTestApp(database.db);
    const post = (body: object) => request(app).post('/admin/quick-replies').set(bearer(other.apiKey)).send(body);
    const spaced = await post({ shortcut: 'bom dia', text: 'Bom dia!' });
    expect(spaced.status).toBe(400);
    expect(JSON.stringify(spaced.body)).toContain('shortcut');
    expect((await post({ shortcut: 'oi', text: '  ' })).status).toBe(400);
    expect((await post({ shortcut: 'oi' })).status).toBe(400);
    expect(await database.db.quickReply.count({ where: { tenantId: other.id } })).toBe(0);
  });

  it('when the tenant file names quickReplies, then importing stores them, re-importing changes nothing, and console replies stay', async () => {
    const file = tenantFile([
      { shortcut: 'endereco', text: 'Rua X, 10, perto do metrô.' },
      { shortcut: 'horario', text: 'Abrimos de segunda a sábado, das 9h às 19h.' },
    ]);
    const imported = await importTenant(database.db, file, { keyring });
    if (imported.kind !== 'imported') throw new Error(`not imported: ${JSON.stringify(imported)}`);
    await database.db.quickReply.create({ data: { tenantId: imported.tenantId, shortcut: 'pix', text: 'Chave Pix: CNPJ.' } });
    const before = await database.db.quickReply.findMany({ where: { tenantId: imported.tenantId }, orderBy: { shortcut: 'asc' } });
    expect(before.map((row) => row.shortcut)).toEqual(['endereco', 'horario', 'pix']);

    expect((await importTenant(database.db, file, { keyring })).kind).toBe('imported');
    expect(await database.db.quickReply.findMany({ where: { tenantId: imported.tenantId }, orderBy: { shortcut: 'asc' } })).toEqual(before);
  });

  it('when the tenant file repeats a shortcut or writes one badly, then it is refused naming each entry', () => {
    const parsed = parseTenantFile(
      tenantFile([
        { shortcut: 'endereco', text: 'Rua X' },
        { shortcut: 'ENDERECO', text: 'Rua Y' },
        { shortcut: 'com espaço', text: 'oi' },
      ]),
    );
    expect(parsed.ok).toBe(false);
    const problems = parsed.ok ? [] : parsed.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^quickReplies\[1\]\.shortcut: duplicate shortcut "endereco"/),
        expect.stringMatching(/^quickReplies\[2\]\.shortcut/),
      ]),
    );
  });
});
