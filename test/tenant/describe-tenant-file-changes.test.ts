import { describe, expect, it } from 'vitest';
import { describeTenantFileChanges, type TenantFile } from '../../src/tenant/index.js';

const before: TenantFile = {
  slug: 'salao',
  name: 'Salão',
  timezone: 'America/Sao_Paulo',
  whatsapp: { phoneNumberId: '123456' },
  assistant: { businessInfo: 'Rua X, 10.' },
  booking: { minNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 15 },
  services: [
    {
      key: 'escova',
      name: 'Escova',
      durationMinutes: 40,
      priceCents: 6000,
      variants: [
        { key: 'escova-curta', name: 'Escova curta' },
        { key: 'escova-longa', name: 'Escova longa', priceCents: 9000 },
      ],
    },
  ],
  resources: [{ key: 'lavatorio', name: 'Lavatório', count: 1 }],
  professionals: [{ key: 'ana', name: 'Ana', services: ['escova'], hours: { mon: [['09:00', '18:00']] } }],
};

describe('what an import changed', () => {
  it('when nothing differs but the order of keys, then nothing changed', () => {
    const reordered = Object.fromEntries(Object.entries(structuredClone(before)).reverse()) as unknown as TenantFile;
    reordered.booking = { slotStepMinutes: 15, horizonDays: 30, minNoticeMinutes: 60 };
    expect(Object.keys(reordered)[0]).toBe('professionals');
    expect(describeTenantFileChanges(before, reordered)).toEqual([]);
    expect(describeTenantFileChanges(before, { ...reordered, name: 'Salão Novo' })).toEqual([
      { change: 'changed', entity: 'salon', key: 'name', name: 'name', fields: [] },
    ]);
  });

  it('when entries are added, edited and left out, then each is named with the fields that differ, variants apart from their service', () => {
    const after: TenantFile = {
      ...before,
      booking: { ...before.booking, horizonDays: 60 },
      reminders: [{ beforeMinutes: 120, template: 'lembrete', language: 'pt_BR' }],
      services: [
        { ...before.services[0]!, priceCents: 6500, variants: [{ key: 'escova-curta', name: 'Escova curta', durationMinutes: 30 }] },
        { key: 'corte', name: 'Corte', durationMinutes: 30 },
      ],
      resources: [{ key: 'lavatorio', name: 'Lavatório', count: 2 }],
      professionals: [{ key: 'bia', name: 'Bia', services: ['corte'], hours: {} }],
    };
    expect(describeTenantFileChanges(before, after)).toEqual([
      { change: 'changed', entity: 'service', key: 'escova', name: 'Escova', fields: ['priceCents'] },
      { change: 'added', entity: 'service', key: 'corte', name: 'Corte', fields: [] },
      { change: 'changed', entity: 'variant', key: 'escova-curta', name: 'Escova curta', fields: ['durationMinutes'] },
      { change: 'retired', entity: 'variant', key: 'escova-longa', name: 'Escova longa', fields: [] },
      { change: 'changed', entity: 'resource', key: 'lavatorio', name: 'Lavatório', fields: ['count'] },
      { change: 'added', entity: 'professional', key: 'bia', name: 'Bia', fields: [] },
      { change: 'retired', entity: 'professional', key: 'ana', name: 'Ana', fields: [] },
      { change: 'changed', entity: 'salon', key: 'booking', name: 'booking', fields: ['horizonDays'] },
      { change: 'changed', entity: 'salon', key: 'reminders', name: 'reminders', fields: [] },
    ]);
  });

  it('when there was no tenant before, then every entry is added', () => {
    const changes = describeTenantFileChanges(null, before);
    expect(changes.filter((change) => change.entity !== 'salon')).toEqual([
      { change: 'added', entity: 'service', key: 'escova', name: 'Escova', fields: [] },
      { change: 'added', entity: 'variant', key: 'escova-curta', name: 'Escova curta', fields: [] },
      { change: 'added', entity: 'variant', key: 'escova-longa', name: 'Escova longa', fields: [] },
      { change: 'added', entity: 'resource', key: 'lavatorio', name: 'Lavatório', fields: [] },
      { change: 'added', entity: 'professional', key: 'ana', name: 'Ana', fields: [] },
    ]);
  });
});
