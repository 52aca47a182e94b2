import type { Db } from '../../src/db/index.js';

export interface SoakTenant {
  id: number;
  phoneNumberId: string;
  displayPhoneNumber: string;
  accessToken: string;
}

const hours = (weekdays: number[], intervals: [number, number][]) =>
  weekdays.flatMap((weekday) => intervals.map(([startMinute, endMinute]) => ({ weekday, startMinute, endMinute })));

/**
 * Salons for the soak, each with its own WhatsApp number and access token (so replies go to
 * the fake Graph API, not the sandbox): "Corte" 30 min and "Coloração" 90 min; Ana does both,
 * Mon–Sat 09–12 and 13–18; Bia does "Corte", Tue–Sat 10–19 (America/Sao_Paulo).
 */
export async function seedSoakTenants(db: Db, count: number): Promise<SoakTenant[]> {
  const tenants: SoakTenant[] = [];
  for (let index = 0; index < count; index++) {
    const accessToken = `EAAGsoak${index}${Math.random().toString(36).slice(2)}`;
    const tenant = await db.tenant.create({
      data: {
        slug: `soak-salao-${index}`,
        name: `Salão Soak ${index + 1}`,
        timezone: 'America/Sao_Paulo',
        phoneNumberId: `10650000000${String(index).padStart(4, '0')}`,
        accessToken,
        businessInfo: 'Rua das Palmeiras, 120, Pinheiros. Aceitamos Pix e cartão.',
        minNoticeMinutes: 60,
        horizonDays: 30,
        slotStepMinutes: 15,
      },
    });
    const corte = await db.service.create({ data: { tenantId: tenant.id, key: 'corte', name: 'Corte', durationMinutes: 30 } });
    const coloracao = await db.service.create({ data: { tenantId: tenant.id, key: 'coloracao', name: 'Coloração', durationMinutes: 90 } });
    await db.professional.create({
      data: {
        tenantId: tenant.id,
        key: 'ana',
        name: 'Ana',
        services: { create: [{ serviceId: corte.id }, { serviceId: coloracao.id }] },
        workingHours: {
          create: hours(
            [1, 2, 3, 4, 5, 6],
            [
              [540, 720],
              [780, 1080],
            ],
          ),
        },
      },
    });
    await db.professional.create({
      data: {
        tenantId: tenant.id,
        key: 'bia',
        name: 'Bia',
        services: { create: [{ serviceId: corte.id }] },
        workingHours: { create: hours([2, 3, 4, 5, 6], [[600, 1140]]) },
      },
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
