import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyring } from '../../src/credentials/index.js';
import type { Db } from '../../src/db/index.js';
import { importTenant, parseTenantFile, readNotificationTemplates } from '../../src/tenant/index.js';
import { testDatabase } from '../support/test-database.js';

const withKey = { keyring: createKeyring([{ id: 'k1', key: randomBytes(32) }], { allowDevKey: false }) };

const file = (templates?: unknown) => ({
  slug: `salao-templates-${Math.floor(Math.random() * 1e9)}`,
  name: 'Salão dos Modelos',
  timezone: 'America/Sao_Paulo',
  whatsapp: { phoneNumberId: `4${Math.floor(Math.random() * 1e12)}` },
  assistant: { businessInfo: '' },
  booking: { minNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 15 },
  services: [{ key: 'corte', name: 'Corte', durationMinutes: 30 }],
  professionals: [{ key: 'ana', name: 'Ana', services: ['corte'], hours: { mon: [['09:00', '18:00']] } }],
  ...(templates === undefined ? {} : { templates }),
});

describe('the tenant file’s optional templates block', () => {
  let db: Db;
  beforeAll(async () => {
    ({ db } = await testDatabase());
  });

  it('when appointmentChanged is given, then it is stored, and importing the same file again changes nothing', async () => {
    const input = file({ appointmentChanged: { name: 'agendamento_alterado', language: 'pt_BR' } });
    const first = await importTenant(db, input, withKey);
    if (first.kind !== 'imported') throw new Error(JSON.stringify(first));
    const stored = await db.tenant.findUniqueOrThrow({ where: { id: first.tenantId } });
    expect(readNotificationTemplates(stored.templates)).toEqual({
      appointmentChanged: { name: 'agendamento_alterado', language: 'pt_BR' },
    });
    await importTenant(db, structuredClone(input), withKey);
    expect((await db.tenant.findUniqueOrThrow({ where: { id: first.tenantId } })).updatedAt).toEqual(stored.updatedAt);
  });

  it('when the block is left out, then the tenant has no templates', async () => {
    const outcome = await importTenant(db, file(), withKey);
    if (outcome.kind !== 'imported') throw new Error('refused');
    expect((await db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId } })).templates).toBeNull();
  });

  it('when a template name or language is malformed or a key unknown, then the file is refused naming each path', () => {
    const parsed = parseTenantFile(file({ appointmentChanged: { name: 'Agendamento Alterado', language: 'portuguese' }, reminderX: {} }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^templates\.appointmentChanged\.name: /),
        expect.stringMatching(/^templates\.appointmentChanged\.language: /),
        expect.stringMatching(/^templates/),
      ]),
    );
    expect(parsed.problems.length).toBeGreaterThanOrEqual(3);
  });

  it('when slotOffer is given, then the waitlist’s template is stored; a malformed one is refused by its path', async () => {
    const outcome = await importTenant(db, file({ slotOffer: { name: 'vaga_disponivel', language: 'pt_BR' } }), withKey);
    if (outcome.kind !== 'imported') throw new Error(JSON.stringify(outcome));
    const stored = await db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId } });
    expect(readNotificationTemplates(stored.templates).slotOffer).toEqual({ name: 'vaga_disponivel', language: 'pt_BR' });
    const parsed = parseTenantFile(file({ slotOffer: { name: 'Vaga Disponível', language: 'pt_BR' } }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems).toEqual([expect.stringMatching(/^templates\.slotOffer\.name: /)]);
  });
});
