import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { plainOnlyKeyring } from '../../src/credentials/index.js';
import { importTenant, parseTenantFile } from '../../src/tenant/index.js';
import { createAuthTestApp } from '../auth/auth-test-app.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer } from './admin-test-app.js';
import { consoleSessionHeaders } from './settings-test-kit.js';

describe('GET /admin/tenant-file: the owner exports the salon', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db, { accessToken: 'EAAG-secret-export' });
    other = await createTestTenant(database.db);
  });

  it('when the owner asks, then the file is the tenant’s own, valid, secret-free, and importing it keeps every row', async () => {
    const app = createAuthTestApp(database.db);
    const response = await request(app).get('/admin/tenant-file').set(bearer(tenant.apiKey)).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatchObject({
      slug: tenant.slug,
      services: [expect.objectContaining({ key: 'coloracao' }), expect.objectContaining({ key: 'corte' })],
    });
    expect(JSON.stringify(response.body)).not.toContain('EAAG');
    expect(JSON.stringify(response.body)).not.toContain(other.slug);
    expect(parseTenantFile(response.body).ok).toBe(true);
    const before = await database.db.tenant.findUniqueOrThrow({
      where: { id: tenant.id },
      include: { services: true, professionals: true },
    });
    const imported = await importTenant(database.db, response.body, { keyring: plainOnlyKeyring });
    expect(imported).toMatchObject({ kind: 'imported', created: false, tenantId: tenant.id });
    expect(
      await database.db.tenant.findUniqueOrThrow({ where: { id: tenant.id }, include: { services: true, professionals: true } }),
    ).toEqual(before);
  });

  it('when an attendant asks, then 403', async () => {
    const app = createAuthTestApp(database.db);
    const headers = await consoleSessionHeaders(app, database.db, tenant.slug, 'attendant');
    const response = await request(app).get('/admin/tenant-file').set(headers);
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('forbidden');
    const owner = await consoleSessionHeaders(app, database.db, tenant.slug, 'owner');
    expect((await request(app).get('/admin/tenant-file').set(owner)).body.slug).toBe(tenant.slug);
  });
});
