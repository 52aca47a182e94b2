import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { createTestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { AUTH_TEST_ORIGIN, createAuthTestApp } from './auth-test-app.js';

const cookiesOf = (response: request.Response): string[] => {
  const header = response.headers['set-cookie'] as unknown as string[] | undefined;
  return (header ?? []).map((cookie) => cookie.split(';')[0]!);
};

describe('sign-in throttle without a lockout for the real owner', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when 20 wrong passwords for the owner come from a few addresses, then the owner still signs in from a known device or address; a stranger waits', async () => {
    const tenant = await createTestTenant(database.db);
    const owner = await createStaffAccount(database.db, {
      slug: tenant.slug,
      email: `dona.${Date.now()}@salao.test`,
      name: 'Dona',
      role: 'owner',
    });
    if (owner.kind !== 'created') throw new Error(owner.kind);
    // Behind one proxy, so each request names its own client address.
    const app = createAuthTestApp(database.db, { trustProxy: 1 });
    const signIn = (address: string, password: string, cookie?: string) => {
      const call = request(app).post('/console/api/session').set('origin', AUTH_TEST_ORIGIN).set('x-forwarded-for', address);
      return (cookie ? call.set('cookie', cookie) : call).send({ email: owner.email, password });
    };

    // Yesterday's sign-in at the salon leaves the owner's browser a device cookie.
    const first = await signIn('192.0.2.10', owner.initialPassword);
    expect(first.status).toBe(200);
    const device = cookiesOf(first).find((cookie) => cookie.startsWith('wa_device='));
    expect(device).toBeDefined();

    const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    for (let index = 0; index < 20; index++) {
      const response = await signIn(attackers[index % attackers.length]!, `chute-${index}-senha`);
      expect([401, 429]).toContain(response.status);
    }
    // The guesses do hold back a stranger (a new device at a new address)…
    const stranger = await signIn('198.51.100.77', owner.initialPassword);
    expect(stranger.status).toBe(429);
    expect(stranger.body.error.message).toMatch(/Tente de novo em \d+ (segundos?|minutos?)/);
    // …and a guess from a new address, even with a forged device cookie.
    expect((await signIn('198.51.100.78', 'outro-chute-123', `wa_device=${owner.staffId}.1.abc.forjado`)).status).toBe(429);

    // The owner from the known device, on the phone's network (a new address): signed in.
    const fromDevice = await signIn('100.64.0.5', owner.initialPassword, device);
    expect(fromDevice.status).toBe(200);
    // And from the salon's address without the cookie (another browser there): signed in too.
    const fromSalon = await signIn('192.0.2.10', owner.initialPassword);
    expect(fromSalon.status).toBe(200);
    // The known device with a wrong password is still refused.
    expect((await signIn('100.64.0.5', 'errada-mas-longa', device)).status).toBe(401);
  });
});
