import { describe, expect, it } from 'vitest';
import { signInStaff } from '../../src/auth/index.js';
import { createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { runTenantCli } from '../tenant/run-tenant-cli.js';

describe('npm run tenant -- staff', () => {
  it('when adding an account, then the initial password is printed once and works to sign in; a taken e-mail exits 1; no NAME exits 2', async () => {
    const database = await testDatabase();
    const tenant = await createTestTenant(database.db);
    const added = await runTenantCli(['staff', 'add', tenant.slug, 'Ana@Salao.test', 'Ana', 'Paula', '--role', 'owner'], database.url);
    expect(added.code).toBe(0);
    const password = /\n {2}(\S{19})\n/.exec(added.stdout)?.[1];
    expect(password).toBeDefined();
    expect(added.stdout.split(password!)).toHaveLength(2);
    const account = await database.db.staffAccount.findUniqueOrThrow({ where: { email: 'ana@salao.test' } });
    expect(account).toMatchObject({ name: 'Ana Paula', role: 'owner', mustChangePassword: true, tenantId: tenant.id });
    const signIn = await signInStaff(database.db, {
      email: 'ana@salao.test',
      password: password!,
      address: '127.0.0.1',
      userAgent: null,
      now: new Date(),
    });
    expect(signIn.kind).toBe('signed_in');

    const again = await runTenantCli(['staff', 'add', tenant.slug, 'ana@salao.test', 'Outra'], database.url);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already has a console account');
    const usage = await runTenantCli(['staff', 'add', tenant.slug, 'x@y.test'], database.url);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run tenant -- staff');

    const revoked = await runTenantCli(['staff', 'revoke-sessions', 'ana@salao.test'], database.url);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('ended 1 session');
  }, 90_000);
});
