import { describe, expect, it } from 'vitest';
import { validateTenantFile } from '../../src/tenant/parse-tenant-file.js';
import { tenantFileIssueInPortuguese } from '../../src/tenant/tenant-file-issues-pt-br.js';

/** A file with one of nearly every problem the tenant file can have. */
const BAD_FILE = {
  slug: 'Salão',
  name: '',
  timezone: 'Lua/Base',
  whatsapp: { phoneNumberId: 'abc', accessToken: ' ' },
  assistant: { businessInfo: 1, address: 'x'.repeat(301) },
  booking: { minNoticeMinutes: 1.5, horizonDays: 0, slotStepMinutes: 1000 },
  extra: true,
  services: [
    { key: 'Corte', name: 'Corte', durationMinutes: 2, priceCents: -1 },
    {
      key: 'escova',
      name: 'Escova',
      durationMinutes: 30.5,
      priceFrom: true,
      resources: ['lavatorio', 'sala', 'sala'],
      variants: [{ key: 'escova', name: 'Longa', priceCents: 1.5 }],
    },
    { key: 'escova', name: 'Outra', durationMinutes: 2000, priceCents: 200_000_000 },
  ],
  resources: [
    { key: 'sala', name: 'Sala', count: 0 },
    { key: 'sala', name: 'Sala 2', count: 5000 },
  ],
  holidays: { country: 'ZZ' },
  professionals: [
    {
      key: 'ana',
      name: 'Ana',
      services: ['corte', 'corte', 'nada', 7],
      hours: {
        mon: [
          ['09:00', '12:00'],
          ['11:00', '13:00'],
          ['14:00', '14:00'],
          ['18:00', '10:00'],
          ['25:00', '26:00'],
        ],
        xyz: [],
      },
      timeOff: [
        { from: '2026-12-24T10:00', to: '2026-12-24T09:00' },
        { from: '2026-02-30T00:00', to: 'amanhã' },
      ],
    },
    { key: 'ana', name: 'Ana 2', services: [], hours: {} },
  ],
  templates: { appointmentChanged: { name: 'Nome Ruim', language: 'klingon' } },
  quickReplies: [
    { shortcut: 'pix', text: '' },
    { shortcut: 'PIX', text: 'x'.repeat(5000) },
    { shortcut: 'com espaço', text: 'a\u0000b' },
  ],
  reminders: [
    { beforeMinutes: 0.5, template: 'lembrete', language: 'pt_BR' },
    { beforeMinutes: 60, template: 'lembrete', language: 'pt_BR' },
    { beforeMinutes: 60, template: 'lembrete', language: 'pt_BR' },
    { beforeMinutes: 999_999, template: 'lembrete', language: 'pt_BR' },
  ],
  payments: {
    provider: 'pagseguro',
    accessToken: ' ',
    webhookSecret: 'x'.repeat(501),
    deposit: { percent: 150, services: ['nada', 'escova', 'escova'], holdMinutes: 2.5, refundUntilHours: -1 },
  },
};

describe('tenantFileIssueInPortuguese: the owner reads every tenant-file problem in pt-BR', () => {
  it('when a file has nearly every kind of problem, then each is translated (no fallback, no English left)', () => {
    const validated = validateTenantFile(BAD_FILE);
    if (validated.ok) throw new Error('the bad file passed');
    expect(validated.issues.length).toBeGreaterThan(30);
    const untranslated = validated.issues
      .map((issue) => ({ english: issue.message, portuguese: tenantFileIssueInPortuguese(issue) }))
      .filter(
        ({ portuguese }) => portuguese === 'valor inválido' || /\b(must|is not|unknown|duplicate|expected|listed)\b/i.test(portuguese),
      );
    expect(untranslated).toEqual([]);
  });

  it('when a state or city is unknown, then the message names it in pt-BR', () => {
    const validated = validateTenantFile({ holidays: { country: 'BR', state: 'XX' } });
    if (validated.ok) throw new Error('passed');
    const holiday = validated.issues.find((issue) => issue.path.join('.') === 'holidays.state')!;
    expect(tenantFileIssueInPortuguese(holiday)).toBe('estado desconhecido "XX" em BR');
  });
});
