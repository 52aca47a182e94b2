import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyring } from '../../src/credentials/index.js';
import type { Db } from '../../src/db/index.js';
import { importTenant, parseTenantFile, readReminderSettings } from '../../src/tenant/index.js';
import { testDatabase } from '../support/test-database.js';

const withKey = { keyring: createKeyring([{ id: 'k1', key: randomBytes(32) }], { allowDevKey: false }) };

const file = (extra: Record<string, unknown> = {}) => ({
  slug: `salao-lembretes-${Math.floor(Math.random() * 1e9)}`,
  name: 'Salão dos Lembretes',
  timezone: 'America/Sao_Paulo',
  whatsapp: { phoneNumberId: `5${Math.floor(Math.random() * 1e12)}` },
  assistant: { businessInfo: '' },
  booking: { minNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 15 },
  services: [{ key: 'corte', name: 'Corte', durationMinutes: 30 }],
  professionals: [{ key: 'ana', name: 'Ana', services: ['corte'], hours: { mon: [['09:00', '18:00']] } }],
  ...extra,
});

const reminder = (beforeMinutes: unknown, overrides: Record<string, unknown> = {}) => ({
  beforeMinutes,
  template: 'lembrete_agendamento',
  language: 'pt_BR',
  ...overrides,
});

describe('the tenant file’s reminders block', () => {
  let db: Db;
  beforeAll(async () => {
    ({ db } = await testDatabase());
  });

  it('when reminders at 1440 and 120 minutes are given, then they are stored on import, and importing the same file again changes nothing', async () => {
    const input = file({ reminders: [reminder(1440), reminder(120)] });
    const first = await importTenant(db, input, withKey);
    if (first.kind !== 'imported') throw new Error(JSON.stringify(first));
    const stored = await db.tenant.findUniqueOrThrow({ where: { id: first.tenantId } });
    expect(readReminderSettings(stored.reminders)).toEqual([reminder(1440), reminder(120)]);
    const again = await importTenant(db, structuredClone(input), withKey);
    expect(again.kind).toBe('imported');
    expect((await db.tenant.findUniqueOrThrow({ where: { id: first.tenantId } })).updatedAt).toEqual(stored.updatedAt);
  });

  it('when the block is removed from the file, then a re-import clears it', async () => {
    const input = file({ reminders: [reminder(60)] });
    const first = await importTenant(db, input, withKey);
    if (first.kind !== 'imported') throw new Error('refused');
    const { reminders: _dropped, ...without } = input as typeof input & { reminders?: unknown };
    await importTenant(db, without, withKey);
    expect((await db.tenant.findUniqueOrThrow({ where: { id: first.tenantId } })).reminders).toBeNull();
  });

  it('when a language is unknown, an offset repeats, is below 1 or beyond the booking horizon, then the file is refused naming each path and nothing is written', async () => {
    const input = file({
      reminders: [
        reminder(120),
        reminder(120),
        reminder(0),
        reminder(30 * 24 * 60 + 1),
        reminder(60, { language: 'pt-BR' }),
        reminder(45, { language: 'xx_YY' }),
        reminder(15.5, { template: 'Lembrete Agendamento' }),
      ],
      templates: { appointmentChanged: { name: 'agendamento_alterado', language: 'pt' } },
    });
    const parsed = parseTenantFile(input);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual(
      expect.arrayContaining([
        'reminders: must list at most 5 reminders',
        'reminders[1].beforeMinutes: duplicate reminder offset 120 (also reminders[0])',
        'reminders[2].beforeMinutes: must be at least 1 minute',
        'reminders[3].beforeMinutes: 43201 minutes is beyond the booking horizon (booking.horizonDays 30 = 43200 minutes)',
        expect.stringMatching(/^reminders\[4\]\.language: unknown WhatsApp template language "pt-BR"/),
        expect.stringMatching(/^reminders\[5\]\.language: unknown WhatsApp template language "xx_YY"/),
        'reminders[6].beforeMinutes: must be a whole number of minutes',
        expect.stringMatching(/^reminders\[6\]\.template: must be a Meta template name/),
        expect.stringMatching(/^templates\.appointmentChanged\.language: unknown WhatsApp template language "pt"/),
      ]),
    );
    expect(parsed.problems).toHaveLength(9);
    const outcome = await importTenant(db, input, withKey);
    expect(outcome.kind).toBe('refused');
    expect(await db.tenant.count({ where: { slug: input.slug } })).toBe(0);
  });

  it('when the offsets fit a longer horizon, more than five are listed, or an entry has an unknown field, then each is judged against its own rule', () => {
    const longHorizon = file({ booking: { minNoticeMinutes: 60, horizonDays: 60, slotStepMinutes: 15 }, reminders: [reminder(43201)] });
    expect(parseTenantFile(longHorizon).ok).toBe(true);
    const tooMany = parseTenantFile(file({ reminders: [10, 20, 30, 40, 50, 60].map((offset) => reminder(offset)) }));
    expect(tooMany.ok ? [] : tooMany.problems).toEqual(['reminders: must list at most 5 reminders']);
    const unknownField = parseTenantFile(file({ reminders: [reminder(60, { text: 'Olá' })] }));
    expect(unknownField.ok ? [] : unknownField.problems).toEqual(['reminders[0]: unknown field "text"']);
  });

  it('accepts the regional language codes Meta lists (es_MX, en_US, pt_PT) and refuses a lowercase region', () => {
    expect(parseTenantFile(file({ reminders: [reminder(60, { language: 'es_MX' }), reminder(30, { language: 'en_US' })] })).ok).toBe(true);
    expect(parseTenantFile(file({ reminders: [reminder(60, { language: 'pt_PT' })] })).ok).toBe(true);
    expect(parseTenantFile(file({ reminders: [reminder(60, { language: 'pt_br' })] })).ok).toBe(false);
  });
});
