import type { Db } from '../../src/db/index.js';
import { createTestTenant } from '../../test/support/factories.js';

export interface SoakTenant {
  id: number;
  slug: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  accessToken: string;
  /** Mercado Pago's access token and notification secret for this salon (the fake accepts the token, signs with the secret) */
  paymentAccessToken: string;
  paymentWebhookSecret: string;
  /** the salon's admin API key (the staff reader's credentials) */
  apiKey: string;
}

/**
 * Salons for the soak, each with its own WhatsApp number and access token (so replies go to
 * the fake Graph API, not the sandbox). Each is the tests' salon (createTestTenant): "Corte"
 * 30 min and "Coloração" 90 min; Ana does both, Mon–Sat 09–12 and 13–18; Bia does "Corte",
 * Tue–Sat 10–19 (America/Sao_Paulo). "Coloração" (R$ 180,00) waits for a 30% Pix deposit
 * (docs/deposits.md) held 15 minutes, charged at the fake Mercado Pago.
 */
export async function seedSoakTenants(db: Db, count: number): Promise<SoakTenant[]> {
  const tenants: SoakTenant[] = [];
  for (let index = 0; index < count; index++) {
    const accessToken = `EAAGsoak${index}${Math.random().toString(36).slice(2)}`;
    const tenant = await createTestTenant(db, {
      slug: `soak-salao-${index}`,
      name: `Salão Soak ${index + 1}`,
      phoneNumberId: `10650000000${String(index).padStart(4, '0')}`,
      accessToken,
      businessInfo: 'Rua das Palmeiras, 120, Pinheiros. Aceitamos Pix e cartão.',
    });
    const paymentAccessToken = `APP_USR-soak-${index}-${Math.random().toString(36).slice(2)}`;
    const paymentWebhookSecret = `soak-mp-secret-${index}-${Math.random().toString(36).slice(2)}`;
    await db.service.updateMany({ where: { tenantId: tenant.id, key: 'coloracao' }, data: { priceCents: 18_000 } });
    await db.service.updateMany({ where: { tenantId: tenant.id, key: 'corte' }, data: { priceCents: 5000 } });
    await db.tenant.update({
      where: { id: tenant.id },
      data: {
        payments: {
          provider: 'mercadopago',
          deposit: { percent: 30, services: ['coloracao'], holdMinutes: 15, refundUntilHours: 24 },
        },
        paymentAccessToken,
        paymentWebhookSecret,
      },
    });
    tenants.push({
      id: tenant.id,
      slug: `soak-salao-${index}`,
      phoneNumberId: tenant.phoneNumberId,
      displayPhoneNumber: `5511300${String(index).padStart(5, '0')}`,
      accessToken,
      paymentAccessToken,
      paymentWebhookSecret,
      apiKey: tenant.apiKey,
    });
  }
  return tenants;
}
