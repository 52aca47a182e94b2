import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount, signInStaff } from '../../src/auth/index.js';
import { AUTH_TEST_ORIGIN, createAuthTestApp } from '../auth/auth-test-app.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

let sequence = 0;
const email = (name: string) => `${name}${++sequence}.${Date.now()}@salao.test`;

describe('GET/POST /admin/staff: the owner lists and adds the team', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    other = await createTestTenant(database.db);
  });
  const asOwner = () => ({ authorization: `Bearer ${tenant.apiKey}` });

  it('when the owner adds a person, then 201 carries a one-time password that signs in once, and the list shows the account without secrets', async () => {
    const app = createAuthTestApp(database.db);
    const added = await request(app)
      .post('/admin/staff')
      .set(asOwner())
      .send({ email: email('Joana').toUpperCase(), name: 'Joana', role: 'attendant' });
    expect(added.status).toBe(201);
    expect(added.headers['cache-control']).toBe('no-store');
    expect(added.body).toMatchObject({ name: 'Joana', role: 'attendant', disabled: false, password: expect.any(String) });
    expect(added.body.email).toBe(added.body.email.toLowerCase());
    const signedIn = await signInStaff(database.db, {
      email: added.body.email,
      password: added.body.password,
      address: '127.0.0.1',
      userAgent: null,
      now: new Date(),
    });
    expect(signedIn).toMatchObject({ kind: 'signed_in', mustChangePassword: true });

    const listed = await request(app).get('/admin/staff').set(asOwner()).expect(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        id: added.body.id,
        email: added.body.email,
        name: 'Joana',
        role: 'attendant',
        disabled: false,
        mustChangePassword: true,
      }),
    ]);
    expect(JSON.stringify(listed.body)).not.toMatch(/"password"|passwordHash|argon2/);
    // Another tenant's owner sees none of them.
    expect(
      (
        await request(app)
          .get('/admin/staff')
          .set({ authorization: `Bearer ${other.apiKey}` })
      ).body.items,
    ).toEqual([]);
  });

  it('when the e-mail already has an account (in any tenant) or the body is malformed, then 409 or 400 and nothing is added', async () => {
    const app = createAuthTestApp(database.db);
    const taken = email('taken');
    const existing = await createStaffAccount(database.db, { slug: other.slug, email: taken, name: 'Outra', role: 'owner' });
    if (existing.kind !== 'created') throw new Error(existing.kind);
    const before = await database.db.staffAccount.count({ where: { tenantId: tenant.id } });
    const refused = await request(app).post('/admin/staff').set(asOwner()).send({ email: taken, name: 'Eu', role: 'owner' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('email_taken');
    expect((await request(app).post('/admin/staff').set(asOwner()).send({ email: 'nao-e-email', name: 'X' })).status).toBe(400);
    expect(
      (
        await request(app)
          .post('/admin/staff')
          .set(asOwner())
          .send({ email: email('x'), name: 'X', role: 'chefe' })
      ).status,
    ).toBe(400);
    expect(await database.db.staffAccount.count({ where: { tenantId: tenant.id } })).toBe(before);
  });

  it('when an attendant signed in to the console calls them, then 403 and nothing is added', async () => {
    const app = createAuthTestApp(database.db);
    const dora = await createStaffAccount(database.db, { slug: tenant.slug, email: email('dora'), name: 'Dora', role: 'attendant' });
    if (dora.kind !== 'created') throw new Error(dora.kind);
    await database.db.staffAccount.update({ where: { id: dora.staffId }, data: { mustChangePassword: false } });
    const doraIn = await request(app)
      .post('/console/api/session')
      .set('origin', AUTH_TEST_ORIGIN)
      .send({ email: dora.email, password: dora.initialPassword });
    const cookie = ((doraIn.headers['set-cookie'] as unknown as string[]) ?? [])[0]!.split(';')[0]!;
    const headers = { cookie, origin: AUTH_TEST_ORIGIN, 'x-csrf-token': doraIn.body.csrfToken as string };
    const before = await database.db.staffAccount.count({ where: { tenantId: tenant.id } });
    for (const call of [
      request(app).get('/admin/staff'),
      request(app)
        .post('/admin/staff')
        .send({ email: email('novo'), name: 'Novo' }),
    ]) {
      const response = await call.set(headers);
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('forbidden');
    }
    expect(await database.db.staffAccount.count({ where: { tenantId: tenant.id } })).toBe(before);
  });
});
