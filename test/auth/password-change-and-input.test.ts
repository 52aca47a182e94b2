import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { passwordProblem } from '../../src/auth/password-policy.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { AUTH_TEST_ORIGIN, createAuthTestApp } from './auth-test-app.js';

const sessionCookieOf = (response: request.Response): string => {
  const header = (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  const cookie = header.map((line) => line.split(';')[0]!).find((line) => line.startsWith('wa_console='));
  if (!cookie) throw new Error('no session cookie');
  return cookie;
};

describe('sign-in input, password changes and the password policy', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });

  async function signedIn() {
    const created = await createStaffAccount(database.db, {
      slug: tenant.slug,
      email: `troca.${Date.now()}@salao.test`,
      name: 'Carla Dias',
    });
    if (created.kind !== 'created') throw new Error(created.kind);
    const app = createAuthTestApp(database.db);
    const signIn = await request(app)
      .post('/console/api/session')
      .set('origin', AUTH_TEST_ORIGIN)
      .send({ email: created.email, password: created.initialPassword })
      .expect(200);
    return { app, created, cookie: sessionCookieOf(signIn), csrf: signIn.body.csrfToken as string };
  }

  it('when the sign-in e-mail carries a NUL, then 400 and nothing is recorded', async () => {
    const app = createAuthTestApp(database.db);
    const before = await database.db.staffSignInAttempt.count();
    const response = await request(app)
      .post('/console/api/session')
      .set('origin', AUTH_TEST_ORIGIN)
      .send({ email: 'dona\u0000@salao.test', password: 'qualquer-coisa' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_request');
    expect(await database.db.staffSignInAttempt.count()).toBe(before);
  });

  it('when a session guesses the current password, then after five wrong guesses even the right one waits (429)', async () => {
    const { app, created, cookie, csrf } = await signedIn();
    const change = (current: string) =>
      request(app)
        .post('/console/api/password')
        .set({ origin: AUTH_TEST_ORIGIN, cookie, 'x-csrf-token': csrf })
        .send({ current, next: 'girassol-amarelo-na-janela' });
    for (let index = 0; index < 5; index++) expect((await change(`chute-${index}-errado`)).status).toBe(422);
    const held = await change(created.initialPassword);
    expect(held.status).toBe(429);
    expect(held.body.error.code).toBe('sign_in_throttled');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    const account = await database.db.staffAccount.findUniqueOrThrow({ where: { id: created.staffId } });
    expect(account.mustChangePassword).toBe(true);
  });

  it('when the password changes, then the session is rotated: the old cookie opens nothing, the new one works', async () => {
    const { app, created, cookie, csrf } = await signedIn();
    const changed = await request(app)
      .post('/console/api/password')
      .set({ origin: AUTH_TEST_ORIGIN, cookie, 'x-csrf-token': csrf })
      .send({ current: created.initialPassword, next: 'girassol-amarelo-na-janela' });
    expect(changed.status).toBe(200);
    const rotated = sessionCookieOf(changed);
    expect(rotated).not.toBe(cookie);
    expect(changed.body.csrfToken).not.toBe(csrf);
    expect((await request(app).get('/console/api/session').set('cookie', cookie)).status).toBe(401);
    const session = await request(app).get('/console/api/session').set('cookie', rotated);
    expect(session.status).toBe(200);
    expect(session.body.csrfToken).toBe(changed.body.csrfToken);
    expect(session.body.staff.mustChangePassword).toBe(false);
  });

  it('when a new password is easy to guess, then it is refused with a pt-BR reason; a passphrase passes', async () => {
    const { app, created, cookie, csrf } = await signedIn();
    const weak = await request(app)
      .post('/console/api/password')
      .set({ origin: AUTH_TEST_ORIGIN, cookie, 'x-csrf-token': csrf })
      .send({ current: created.initialPassword, next: '1234567890' });
    expect(weak.status).toBe(422);
    expect(weak.body.error).toMatchObject({ code: 'weak_password', message: expect.stringContaining('fácil de adivinhar') });
    const context = { email: 'carla.dias@salao.test', name: 'Carla Dias' };
    for (const guessable of ['1234567890', 'senha12345', 'qwertyuiop', 'carladias2026', 'flamengo2024']) {
      expect(passwordProblem(guessable, context), guessable).toMatch(/fácil de adivinhar/);
    }
    expect(passwordProblem('girassol-amarelo-na-janela', context)).toBeNull();
  });
});

describe('the session cookie on https', () => {
  it('when the service is on https, then only the __Host- cookie opens the session; the same token under the plain name is refused', async () => {
    const database = await testDatabase();
    const tenant = await createTestTenant(database.db);
    const created = await createStaffAccount(database.db, { slug: tenant.slug, email: `https.${Date.now()}@salao.test`, name: 'Ana' });
    if (created.kind !== 'created') throw new Error(created.kind);
    const origin = 'https://agenda.example.com';
    const app = createAuthTestApp(database.db, { publicUrl: origin });
    const signIn = await request(app)
      .post('/console/api/session')
      .set('origin', origin)
      .send({ email: created.email, password: created.initialPassword })
      .expect(200);
    const header = (signIn.headers['set-cookie'] as unknown as string[]).map((line) => line.split(';')[0]!);
    const hostCookie = header.find((line) => line.startsWith('__Host-wa_console='))!;
    const token = hostCookie.slice('__Host-wa_console='.length);
    expect((await request(app).get('/console/api/session').set('cookie', hostCookie)).status).toBe(200);
    expect((await request(app).get('/console/api/session').set('cookie', `wa_console=${token}`)).status).toBe(401);
    expect((await request(app).get('/admin/handoffs').set('cookie', `wa_console=${token}`)).status).toBe(401);
  });
});
