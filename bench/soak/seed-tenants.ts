import type { Db } from '../../src/db/index.js';
import { createTestTenant } from '../../test/support/factories.js';

export interface SoakTenant {
  id: number;
  phoneNumberId: string;
  displayPhoneNumber: string;
  accessToken: string;
}

/**
 * Salons for the soak, each with its own WhatsApp number and access token (so replies go to
 * the fake Graph API, not the sandbox). Each is the tests' salon (createTestTenant): "Corte"
 * 30 min and "Coloração" 90 min; Ana does both, Mon–Sat 09–12 and 13–18; Bia does "Corte",
 * Tue–Sat 10–19 (America/Sao_Paulo).
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
    tenants.push({
      id: tenant.id,
      phoneNumberId: tenant.phoneNumberId,
      displayPhoneNumber: `5511300${String(index).padStart(5, '0')}`,
      accessToken,
    });
  }
  return tenants;
}
