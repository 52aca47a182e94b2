import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount, findStaffSession, signInStaff } from '../../src/auth/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { runTenantCli } from '../tenant/run-tenant-cli.js';
import { AUTH_TEST_ORIGIN, createAuthTestApp } from './auth-test-app.js';

let sequence = 0;

describe('disabling, enabling, resetting and re-roling staff accounts', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });

  async function account(role: 'owner' | 'attendant' = 'attendant', slug = tenant.slug) {
    const created = await createStaffAccount(database.db, {
      slug,
      email: `equipe${++sequence}.${Date.now()}@salao.test`,
      name: 'Bia',
      role,
    });
    if (created.kind !== 'created') throw new Error(created.kind);
    return created;
  }
  const signIn = (email: string, password: string) =>
    signInStaff(database.db, { email, password, address: '127.0.0.1', userAgent: null, now: new Date() });

  it('when the operator runs staff disable, enable, reset-password and role, then sessions end at once and each change holds', async () => {
    const bia = await account();
    const session = await signIn(bia.email, bia.initialPassword);
    if (session.kind !== 'signed_in') throw new Error(session.kind);

    const disabled = await runTenantCli(['staff', 'disable', tenant.slug, bia.email], database.url);
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toContain('disabled; 1 session ended');
    expect(await findStaffSession(database.db, session.token, new Date())).toBeNull();
    expect((await signIn(bia.email, bia.initialPassword)).kind).toBe('refused');

    expect((await runTenantCli(['staff', 'enable', tenant.slug, bia.email], database.url)).code).toBe(0);
    const again = await signIn(bia.email, bia.initialPassword);
    expect(again.kind).toBe('signed_in');

    const reset = await runTenantCli(['staff', 'reset-password', tenant.slug, bia.email], database.url);
    expect(reset.code, reset.stderr).toBe(0);
    const password = /\n {2}(\S{19})\n/.exec(reset.stdout)?.[1];
    expect(password).toBeDefined();
    expect(again.kind === 'signed_in' && (await findStaffSession(database.db, again.token, new Date()))).toBeNull();
    expect((await signIn(bia.email, bia.initialPassword)).kind).toBe('refused');
    expect(await signIn(bia.email, password!)).toMatchObject({ kind: 'signed_in', mustChangePassword: true });

    expect((await runTenantCli(['staff', 'role', tenant.slug, bia.email, 'owner'], database.url)).code).toBe(0);
    expect((await database.db.staffAccount.findUniqueOrThrow({ where: { id: bia.staffId } })).role).toBe('owner');

    const elsewhere = await createTestTenant(database.db);
    const wrongTenant = await runTenantCli(['staff', 'disable', elsewhere.slug, bia.email], database.url);
    expect(wrongTenant.code).toBe(1);
    expect(wrongTenant.stderr).toContain('no console account');
    expect((await database.db.staffAccount.findUniqueOrThrow({ where: { id: bia.staffId } })).disabledAt).toBeNull();
  }, 180_000);

  it('when the owner uses the admin API, then the same changes work; attendants get 403, another tenant 404, the last owner 409', async () => {
    const own = await createTestTenant(database.db);
    const owner = await account('owner', own.slug);
    const carla = await account('attendant', own.slug);
    const carlaSession = await signIn(carla.email, carla.initialPassword);
    if (carlaSession.kind !== 'signed_in') throw new Error(carlaSession.kind);
    const app = createAuthTestApp(database.db);
    const asOwner = { authorization: `Bearer ${own.apiKey}` };

    const disabled = await request(app).post(`/admin/staff/${carla.staffId}/disable`).set(asOwner);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ id: carla.staffId, disabled: true, role: 'attendant' });
    expect(await findStaffSession(database.db, carlaSession.token, new Date())).toBeNull();
    expect((await request(app).post(`/admin/staff/${carla.staffId}/enable`).set(asOwner)).body.disabled).toBe(false);

    const reset = await request(app).post(`/admin/staff/${carla.staffId}/reset-password`).set(asOwner);
    expect(reset.status).toBe(200);
    expect(reset.body.password).toMatch(/^\S{4}-\S{4}-\S{4}-\S{4}$/);
    expect((await signIn(carla.email, reset.body.password)).kind).toBe('signed_in');

    expect((await request(app).patch(`/admin/staff/${carla.staffId}`).set(asOwner).send({ role: 'chefe' })).status).toBe(400);
    // The only owner cannot be disabled or demoted: the tenant would have nobody to manage it.
    const last = await request(app).patch(`/admin/staff/${owner.staffId}`).set(asOwner).send({ role: 'attendant' });
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('last_owner');
    expect((await request(app).post(`/admin/staff/${owner.staffId}/disable`).set(asOwner)).status).toBe(409);
    expect((await request(app).patch(`/admin/staff/${carla.staffId}`).set(asOwner).send({ role: 'owner' })).body.role).toBe('owner');

    // Another tenant's account: 404, untouched.
    const stranger = await account('attendant');
    expect((await request(app).post(`/admin/staff/${stranger.staffId}/disable`).set(asOwner)).status).toBe(404);
    expect((await database.db.staffAccount.findUniqueOrThrow({ where: { id: stranger.staffId } })).disabledAt).toBeNull();

    // An attendant's console session: 403 on every staff route.
    const dora = await account('attendant', own.slug);
    await database.db.staffAccount.update({ where: { id: dora.staffId }, data: { mustChangePassword: false } });
    const doraIn = await request(app)
      .post('/console/api/session')
      .set('origin', AUTH_TEST_ORIGIN)
      .send({ email: dora.email, password: dora.initialPassword });
    const cookie = ((doraIn.headers['set-cookie'] as unknown as string[]) ?? [])[0]!.split(';')[0]!;
    const headers = { cookie, origin: AUTH_TEST_ORIGIN, 'x-csrf-token': doraIn.body.csrfToken as string };
    for (const call of [
      request(app).post(`/admin/staff/${owner.staffId}/disable`),
      request(app).post(`/admin/staff/${owner.staffId}/enable`),
      request(app).post(`/admin/staff/${owner.staffId}/reset-password`),
      request(app).patch(`/admin/staff/${owner.staffId}`).send({ role: 'attendant' }),
    ]) {
      const response = await call.set(headers);
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('forbidden');
    }
    expect((await database.db.staffAccount.findUniqueOrThrow({ where: { id: owner.staffId } })).disabledAt).toBeNull();
  });
});
