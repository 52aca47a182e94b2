import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyring, sealStoredTokens } from '../../src/credentials/index.js';
import { changeTenantSettings, exportTenantFile, importTenant, parseTenantFile, type TenantFile } from '../../src/tenant/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const firstKey = randomBytes(32);
const keyring = createKeyring([{ id: 'k1', key: firstKey }], { allowDevKey: false });

/** A salon whose colouring needs a 30% deposit, with Mercado Pago's secrets given. */
function depositFile(slug: string, phoneNumberId: string): TenantFile {
  return {
    slug,
    name: 'Salão Sinal',
    timezone: 'America/Sao_Paulo',
    whatsapp: { phoneNumberId, accessToken: 'EAAG-deposit' },
    assistant: { businessInfo: 'Rua B, 2.' },
    booking: { minNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 15 },
    services: [
      { key: 'corte', name: 'Corte', durationMinutes: 30, priceCents: 5000 },
      { key: 'coloracao', name: 'Coloração', durationMinutes: 90, priceCents: 18_000 },
    ],
    professionals: [{ key: 'ana', name: 'Ana', services: ['corte', 'coloracao'], hours: { mon: [['09:00', '18:00']] } }],
    payments: {
      provider: 'mercadopago',
      accessToken: 'APP_USR-MARKER-TOKEN-51c3',
      webhookSecret: 'MARKER-WEBHOOK-SECRET-9d2e',
      deposit: { percent: 30, services: ['coloracao'], holdMinutes: 15, refundUntilHours: 24 },
    },
  };
}

function problemsOf(input: unknown): string[] {
  const parsed = parseTenantFile(input);
  return parsed.ok ? [] : parsed.problems;
}

describe('the tenant file’s payments block', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when the block is valid, then it parses; when it is wrong, every problem is named at its path', () => {
    expect(parseTenantFile(depositFile('ok', '400000000000001')).ok).toBe(true);
    const file = depositFile('bad', '400000000000002') as unknown as Record<string, unknown>;
    file.services = [
      { key: 'corte', name: 'Corte', durationMinutes: 30, priceCents: 5000 },
      { key: 'coloracao', name: 'Coloração', durationMinutes: 90 },
    ];
    file.payments = {
      provider: 'pagseguro',
      accessToken: '',
      deposit: { percent: 0, services: ['luzes', 'coloracao', 'corte', 'corte'], holdMinutes: 2, refundUntilHours: 1.5 },
      extra: true,
    };
    const problems = problemsOf(file);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^payments\.provider: must be "mercadopago"/),
        expect.stringMatching(/^payments\.accessToken: must not be empty/),
        expect.stringMatching(/^payments\.deposit\.percent: must be at least 1/),
        expect.stringMatching(/^payments\.deposit\.holdMinutes: must be at least 5 minutes/),
        expect.stringMatching(/^payments\.deposit\.refundUntilHours: must be a whole number of hours/),
        'payments.deposit.services[0]: unknown service key "luzes" (not in services)',
        'payments.deposit.services[1]: service "coloracao" has no price: a deposit is a percent of its priceCents',
        'payments.deposit.services[3]: service "corte" is listed twice',
        'payments: unknown field "extra"',
      ]),
    );
  });

  it('when imported, then the token and webhook secret are stored only sealed, the export leaves them out, and re-importing it changes nothing', async () => {
    const outcome = await importTenant(database.db, depositFile('sinal-sealed', '400000000000003'), { keyring });
    if (outcome.kind !== 'imported') throw new Error(JSON.stringify(outcome));
    const stored = await database.db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId } });
    expect(stored.paymentAccessToken).toMatch(/^enc:v1:k1:/);
    expect(stored.paymentWebhookSecret).toMatch(/^enc:v1:k1:/);
    expect(JSON.stringify(stored)).not.toContain('MARKER');
    expect(keyring.open(stored.paymentAccessToken!)).toBe('APP_USR-MARKER-TOKEN-51c3');
    expect(keyring.open(stored.paymentWebhookSecret!)).toBe('MARKER-WEBHOOK-SECRET-9d2e');
    expect(stored.payments).toEqual({
      provider: 'mercadopago',
      deposit: { percent: 30, services: ['coloracao'], holdMinutes: 15, refundUntilHours: 24 },
    });

    const exported = await exportTenantFile(database.db, outcome.tenantId);
    expect(exported?.payments).toEqual({
      provider: 'mercadopago',
      deposit: { percent: 30, services: ['coloracao'], holdMinutes: 15, refundUntilHours: 24 },
    });
    expect(JSON.stringify(exported)).not.toContain('MARKER');
    const again = await importTenant(database.db, exported, { keyring });
    expect(again.kind).toBe('imported');
    expect(await database.db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId } })).toEqual(stored);
  });

  it('when the owner saves another setting from the console, then the sealed secrets stay as they were', async () => {
    const outcome = await importTenant(database.db, depositFile('sinal-console', '400000000000004'), { keyring });
    if (outcome.kind !== 'imported') throw new Error(JSON.stringify(outcome));
    const before = await database.db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId } });
    const saved = await changeTenantSettings(database.db, {
      tenantId: outcome.tenantId,
      actor: { kind: 'api_key', apiKeyId: 1 },
      change: { kind: 'settings', fields: { name: 'Salão Sinal Novo' } },
      now: new Date('2026-12-02T12:00:00Z'),
    });
    expect(saved.kind).toBe('saved');
    const after = await database.db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId } });
    expect(after.name).toBe('Salão Sinal Novo');
    expect(after.paymentAccessToken).toBe(before.paymentAccessToken);
    expect(after.paymentWebhookSecret).toBe(before.paymentWebhookSecret);
    expect(after.payments).toEqual(before.payments);
  });

  it('when a new tenant’s block has no secrets, or a secret is removed with null, then the file is refused naming each and nothing is written', async () => {
    const file = depositFile('sinal-no-secrets', '400000000000005');
    delete file.payments!.accessToken;
    delete file.payments!.webhookSecret;
    expect(await importTenant(database.db, file, { keyring })).toEqual({
      kind: 'refused',
      problems: [
        'payments.accessToken: is required: no Mercado Pago access token is stored for this tenant',
        'payments.webhookSecret: is required: no Mercado Pago webhook secret is stored for this tenant',
      ],
    });
    expect(await database.db.tenant.count({ where: { slug: 'sinal-no-secrets' } })).toBe(0);

    const imported = await importTenant(database.db, depositFile('sinal-null', '400000000000006'), { keyring });
    if (imported.kind !== 'imported') throw new Error(JSON.stringify(imported));
    const removing = depositFile('sinal-null', '400000000000006');
    removing.payments!.webhookSecret = null;
    expect(await importTenant(database.db, removing, { keyring })).toMatchObject({
      kind: 'refused',
      problems: ['payments.webhookSecret: is required: no Mercado Pago webhook secret is stored for this tenant'],
    });
    // Without the block nothing needs them: both go.
    const { payments: _payments, ...withoutPayments } = depositFile('sinal-null', '400000000000006');
    expect((await importTenant(database.db, withoutPayments, { keyring })).kind).toBe('imported');
    const stored = await database.db.tenant.findUniqueOrThrow({ where: { id: imported.tenantId } });
    expect([stored.payments, stored.paymentAccessToken, stored.paymentWebhookSecret]).toEqual([null, null, null]);
  });

  it('when there is no key to seal them, then the file is refused naming CREDENTIALS_KEY', async () => {
    const noKey = createKeyring(undefined, { allowDevKey: false });
    const file = depositFile('sinal-no-key', '400000000000007');
    file.whatsapp.accessToken = null;
    const refused = await importTenant(database.db, file, { keyring: noKey });
    expect(refused).toMatchObject({ kind: 'refused', problems: [expect.stringMatching(/^payments: .*CREDENTIALS_KEY/)] });
    expect(await database.db.tenant.count({ where: { slug: 'sinal-no-key' } })).toBe(0);
  });

  it('when secrets were written plain before encryption, then the start seals them and rotation re-seals them with the new key', async () => {
    const outcome = await importTenant(database.db, depositFile('sinal-plain', '400000000000008'), { keyring });
    if (outcome.kind !== 'imported') throw new Error(JSON.stringify(outcome));
    await database.db.tenant.update({
      where: { id: outcome.tenantId },
      data: { paymentAccessToken: 'APP_USR-plain', paymentWebhookSecret: 'plain-secret' },
    });
    await sealStoredTokens(database.db, keyring, { rotate: false });
    const sealed = await database.db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId } });
    expect(sealed.paymentAccessToken).toMatch(/^enc:v1:k1:/);
    expect(keyring.open(sealed.paymentWebhookSecret!)).toBe('plain-secret');

    const rotated = createKeyring(
      [
        { id: 'k2', key: randomBytes(32) },
        { id: 'k1', key: firstKey },
      ],
      { allowDevKey: false },
    );
    await sealStoredTokens(database.db, rotated, { rotate: true });
    const resealed = await database.db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId } });
    expect(resealed.paymentAccessToken).toMatch(/^enc:v1:k2:/);
    expect(resealed.paymentWebhookSecret).toMatch(/^enc:v1:k2:/);
    expect(rotated.open(resealed.paymentAccessToken!)).toBe('APP_USR-plain');
  });
});
