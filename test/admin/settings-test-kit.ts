import type { Express } from 'express';
import request from 'supertest';
import { createStaffAccount } from '../../src/auth/index.js';
import type { Db } from '../../src/db/index.js';
import { AUTH_TEST_ORIGIN } from '../auth/auth-test-app.js';

let sequence = 0;

/** Headers of a console session (cookie, Origin, CSRF token) of a new account of `slug` with `role`, past its first password. */
export async function consoleSessionHeaders(
  app: Express,
  db: Db,
  slug: string,
  role: 'owner' | 'attendant',
): Promise<Record<string, string>> {
  const created = await createStaffAccount(db, { slug, email: `ajustes${++sequence}.${Date.now()}@salao.test`, name: 'Pessoa', role });
  if (created.kind !== 'created') throw new Error(created.kind);
  await db.staffAccount.update({ where: { id: created.staffId }, data: { mustChangePassword: false } });
  const signedIn = await request(app)
    .post('/console/api/session')
    .set('origin', AUTH_TEST_ORIGIN)
    .send({ email: created.email, password: created.initialPassword });
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`);
  const cookie = ((signedIn.headers['set-cookie'] as unknown as string[]) ?? [])[0]!.split(';')[0]!;
  return { cookie, origin: AUTH_TEST_ORIGIN, 'x-csrf-token': signedIn.body.csrfToken as string };
}
