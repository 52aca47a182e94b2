import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { plainOnlyKeyring } from '../../src/credentials/index.js';
import { fixedClock } from '../../src/shared/index.js';
import { importTenant, type TenantFile } from '../../src/tenant/index.js';
import { createAuthTestApp } from '../auth/auth-test-app.js';
import { createCustomer, NOW } from '../scheduling/scheduling-test-kit.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { bearer } from './admin-test-app.js';
import { insertTenantAppointment, setUpAgenda } from './agenda-test-kit.js';
import { consoleSessionHeaders } from './settings-test-kit.js';

// Issue 33: "importing a file still works and the console shows its result" — the owner's import through the admin API.
describe('POST /admin/tenant-file: the owner imports the salon’s file', () => {
  let setup: Awaited<ReturnType<typeof setUpAgenda>>;
  let other: TestTenant;
  const app = () => createAuthTestApp(setup.db, { clock: fixedClock(NOW) });
  const owner = () => bearer(setup.tenant.apiKey);
  const exported = async (key = setup.tenant.apiKey): Promise<TenantFile> =>
    (await request(app()).get('/admin/tenant-file').set(bearer(key)).expect(200)).body as TenantFile;
  const changes = () => setup.db.settingsChange.findMany({ where: { tenantId: setup.tenant.id }, orderBy: { id: 'asc' } });

  beforeAll(async () => {
    setup = await setUpAgenda();
    other = await createTestTenant(setup.db);
  });

  it('when the exported file comes back edited, then 200 lists each change, the rows follow, the import is recorded, and the same file again changes nothing', async () => {
    const file = await exported();
    file.services = file.services.map((service) =>
      service.key === 'corte' ? { ...service, durationMinutes: 45, priceCents: 5000 } : service,
    );
    file.services.push({ key: 'manicure', name: 'Manicure', durationMinutes: 40, resources: ['cadeira'] });
    file.resources = [{ key: 'cadeira', name: 'Cadeira de manicure', count: 1 }];
    file.professionals = file.professionals
      .filter((professional) => professional.key !== 'bia')
      .map((professional) => ({ ...professional, services: [...professional.services, 'manicure'] }));
    file.booking = { ...file.booking, minNoticeMinutes: 120 };

    const imported = await request(app()).post('/admin/tenant-file').set(owner()).send(file);
    expect(imported.status).toBe(200);
    const expected = [
      { change: 'changed', entity: 'service', key: 'corte', name: 'Corte', fields: ['durationMinutes', 'priceCents'] },
      { change: 'added', entity: 'service', key: 'manicure', name: 'Manicure', fields: [] },
      { change: 'added', entity: 'resource', key: 'cadeira', name: 'Cadeira de manicure', fields: [] },
      { change: 'changed', entity: 'professional', key: 'ana', name: 'Ana', fields: ['services'] },
      { change: 'retired', entity: 'professional', key: 'bia', name: 'Bia', fields: [] },
      { change: 'changed', entity: 'salon', key: 'booking', name: 'booking', fields: ['minNoticeMinutes'] },
    ];
    expect(imported.body).toEqual({ changes: expected });

    const corte = setup.tenant.services.find((service) => service.key === 'corte')!;
    expect(await setup.db.service.findUniqueOrThrow({ where: { id: corte.id } })).toMatchObject({ durationMinutes: 45, priceCents: 5000 });
    expect((await setup.db.professional.findUniqueOrThrow({ where: { id: setup.tenant.professionals[1]!.id } })).active).toBe(false);
    expect((await setup.db.tenant.findUniqueOrThrow({ where: { id: setup.tenant.id } })).minNoticeMinutes).toBe(120);
    const manicure = await setup.db.service.findFirstOrThrow({
      where: { tenantId: setup.tenant.id, key: 'manicure' },
      include: { resources: true },
    });
    expect(manicure.resources).toHaveLength(1);
    expect(await changes()).toEqual([
      expect.objectContaining({ actorKind: 'api_key', change: 'file_imported', targetKey: null, details: { changes: expected } }),
    ]);

    const again = await request(app())
      .post('/admin/tenant-file')
      .set(owner())
      .send(await exported());
    expect(again.body).toEqual({ changes: [] });
    expect((await changes()).at(-1)).toMatchObject({ change: 'file_imported', details: { changes: [] } });
  });

  it('when the file is wrong, another salon’s, moves the WhatsApp number or carries its token, then 400 names every problem in pt-BR at its place and nothing is written', async () => {
    const file = await exported();
    const before = { rows: await changes(), file };
    const wrong = {
      ...file,
      slug: other.slug,
      whatsapp: { phoneNumberId: '999999999999', accessToken: 'EAAG-segredo' },
      cor: 'azul',
      services: file.services.map((service) => (service.key === 'corte' ? { ...service, durationMinutes: 3 } : service)),
      professionals: file.professionals.map((professional) =>
        professional.key === 'ana' ? { ...professional, services: [...professional.services, 'nao-existe'] } : professional,
      ),
    };
    const refused = await request(app()).post('/admin/tenant-file').set(owner()).send(wrong);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_request');
    const anaServices = file.professionals.find((professional) => professional.key === 'ana')!.services.length;
    expect(refused.body.error.details).toHaveLength(6);
    expect(refused.body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'slug', message: `o arquivo é de outro salão ("${other.slug}"); este é "${setup.tenant.slug}"` },
        { path: 'whatsapp.phoneNumberId', message: expect.stringContaining('o número do WhatsApp não muda pelo console') },
        { path: 'whatsapp.accessToken', message: expect.stringContaining('o token de acesso do WhatsApp não é enviado pelo console') },
        { path: '(arquivo)', message: 'campo desconhecido: cor' },
        { path: 'services.corte.durationMinutes', message: 'deve ser de pelo menos 5 minutos' },
        { path: `professionals.ana.services.${anaServices}`, message: 'serviço desconhecido "nao-existe"' },
      ]),
    );
    // The token is never echoed back, stored or recorded.
    expect(JSON.stringify(refused.body)).not.toContain('EAAG-segredo');
    expect(await changes()).toEqual(before.rows);
    expect(await exported()).toEqual(before.file);
    expect(await exported(other.apiKey)).toMatchObject({ slug: other.slug });
  });

  it('when the file leaves out a professional with appointments ahead, then 400 names her and she stays', async () => {
    const file = await exported();
    const ana = setup.tenant.professionals[0]!;
    const { customerId } = await createCustomer(setup.db, setup.tenant.id);
    await insertTenantAppointment(setup.db, setup.tenant, { customerId, professionalId: ana.id, startsAt: '2026-12-03T14:00:00Z' });
    file.professionals.push({ key: 'carla', name: 'Carla', services: ['corte'], hours: { wed: [['09:00', '12:00']] } });
    const withoutAna = { ...file, professionals: file.professionals.filter((professional) => professional.key !== 'ana') };
    const refused = await request(app()).post('/admin/tenant-file').set(owner()).send(withoutAna);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { path: 'professionals.ana', message: 'Ana sai do arquivo mas ainda tem 1 horário marcado: remarque ou cancele antes' },
    ]);
    expect((await setup.db.professional.findUniqueOrThrow({ where: { id: ana.id } })).active).toBe(true);
    expect(await setup.db.professional.count({ where: { tenantId: setup.tenant.id, key: 'carla' } })).toBe(0);
  });

  it('when a file is larger than the other admin routes take, then it is still imported', async () => {
    const file = await exported();
    file.quickReplies = Array.from({ length: 150 }, (_, index) => ({
      shortcut: `resposta-${index}`,
      text: `${'Texto longo. '.repeat(20)}${index}`,
    }));
    expect(JSON.stringify(file).length).toBeGreaterThan(32 * 1024);
    const imported = await request(app()).post('/admin/tenant-file').set(owner()).send(file);
    expect(imported.status).toBe(200);
    expect(imported.body.changes).toEqual([expect.objectContaining({ entity: 'salon', key: 'quickReplies' })]);
    expect(await setup.db.quickReply.count({ where: { tenantId: setup.tenant.id } })).toBe(150);
  });

  it('when an attendant imports, then 403 and nothing is written', async () => {
    const attendant = await consoleSessionHeaders(app(), setup.db, setup.tenant.slug, 'attendant');
    const file = await exported();
    const before = (await changes()).length;
    const refused = await request(app())
      .post('/admin/tenant-file')
      .set(attendant)
      .send({ ...file, booking: { ...file.booking, minNoticeMinutes: 0 } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await changes()).length).toBe(before);
    expect((await exported()).booking.minNoticeMinutes).toBe(file.booking.minNoticeMinutes);
  });

  it('when files were imported from the console and the command line, then GET /admin/settings/changes lists both, newest first, with their actors and changes', async () => {
    const ownerSession = await consoleSessionHeaders(app(), setup.db, setup.tenant.slug, 'owner');
    const file = await exported();
    await request(app())
      .post('/admin/tenant-file')
      .set(ownerSession)
      .send({ ...file, booking: { ...file.booking, slotStepMinutes: 30 } })
      .expect(200);
    const fromCli = await importTenant(
      setup.db,
      { ...(await exported()), name: 'Salão Renomeado' },
      { keyring: plainOnlyKeyring, actor: { kind: 'cli' } },
    );
    expect(fromCli).toMatchObject({ kind: 'imported', changes: [{ entity: 'salon', key: 'name', change: 'changed' }] });

    const listed = await request(app()).get('/admin/settings/changes').set(owner()).expect(200);
    expect(listed.body.items.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        actor: { kind: 'cli', name: null },
        change: 'file_imported',
        targetKey: null,
        changes: [{ change: 'changed', entity: 'salon', key: 'name', name: 'name', fields: [] }],
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        actor: { kind: 'staff_account', name: 'Pessoa' },
        change: 'file_imported',
        targetKey: null,
        changes: [{ change: 'changed', entity: 'salon', key: 'booking', name: 'booking', fields: ['slotStepMinutes'] }],
      },
    ]);
    expect(listed.body.items.at(-1)).toMatchObject({ actor: { kind: 'api_key', name: expect.stringMatching(/^default \(/) } });
    const attendant = await consoleSessionHeaders(app(), setup.db, setup.tenant.slug, 'attendant');
    expect((await request(app()).get('/admin/settings/changes').set(attendant)).status).toBe(403);
    expect((await request(app()).get('/admin/settings/changes').set(bearer(other.apiKey)).expect(200)).body.items).toEqual([]);
  });
});
