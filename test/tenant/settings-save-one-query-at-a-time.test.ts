import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyring } from '../../src/credentials/index.js';
import { type ChangeTenantSettingsRequest, changeTenantSettings, importTenant, type TenantFile } from '../../src/tenant/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// This file runs in its own process (the isolated project): node-postgres warns of a query sent
// while its connection is still busy only once per process, so a file before it could not use it up.

const keyring = createKeyring([{ id: 'k1', key: randomBytes(32) }], { allowDevKey: false });
const NOW = new Date('2026-12-01T12:00:00Z');

/** A salon whose professional has every child row the export reads: offered services, hours and time off. */
function salonFile(slug: string, phoneNumberId: string): TenantFile {
  return {
    slug,
    name: 'Salão Sequencial',
    timezone: 'America/Sao_Paulo',
    whatsapp: { phoneNumberId },
    assistant: { businessInfo: 'Rua C, 3.' },
    booking: { minNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 15 },
    services: [
      { key: 'corte', name: 'Corte', durationMinutes: 30, priceCents: 5000 },
      { key: 'escova', name: 'Escova', durationMinutes: 40 },
    ],
    professionals: [
      {
        key: 'ana',
        name: 'Ana',
        services: ['corte', { key: 'escova', priceCents: 7000 }],
        hours: { tue: [['09:00', '18:00']], wed: [['09:00', '18:00']] },
        timeOff: [{ from: '2026-12-24T00:00', to: '2026-12-26T00:00' }],
      },
      { key: 'bia', name: 'Bia', services: ['corte'], hours: { wed: [['10:00', '19:00']] } },
    ],
  };
}

/**
 * The most queries each node-postgres connection had in flight at once while it watched (a
 * transaction's queries share one connection: more than one at a time only queue there).
 */
function watchQueriesInFlight() {
  const original = pg.Client.prototype.query;
  const inFlight = new WeakMap<object, number>();
  let most = 0;
  pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
    const now = (inFlight.get(this) ?? 0) + 1;
    inFlight.set(this, now);
    most = Math.max(most, now);
    const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        done();
        return (callback as (...inner: unknown[]) => unknown)(...results);
      };
    }
    const result = (original as (...inner: unknown[]) => unknown).apply(this, args);
    if (typeof callback !== 'function' && result instanceof Promise) result.then(done, done);
    return result;
  } as typeof original;
  return { most: () => most, stop: () => (pg.Client.prototype.query = original) };
}

describe('saving the salon’s settings sends one query at a time on the transaction’s connection', () => {
  let database: TestDatabase;
  let tenantId: number;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);

  beforeAll(async () => {
    // Listening from the start: the import below writes in a transaction too (and would use up the one warning).
    process.on('warning', onWarning);
    database = await testDatabase();
    const imported = await importTenant(database.db, salonFile('salao-sequencial', '410000000000001'), { keyring });
    if (imported.kind !== 'imported') throw new Error(JSON.stringify(imported));
    tenantId = imported.tenantId;
  });
  afterAll(() => {
    process.off('warning', onWarning);
  });

  async function save(change: ChangeTenantSettingsRequest['change']) {
    const watch = watchQueriesInFlight();
    try {
      const outcome = await changeTenantSettings(database.db, { tenantId, actor: { kind: 'cli' }, change, now: NOW });
      return { outcome, most: watch.most() };
    } finally {
      watch.stop();
    }
  }

  /** Warnings are emitted on the next tick: let them arrive before reading them. */
  async function busyConnectionWarnings() {
    await new Promise((resolve) => setImmediate(resolve));
    return warnings.filter((warning) => /already executing a query/.test(warning.message)).map((warning) => warning.message);
  }

  it('when the owner changes the booking rules, a professional’s hours and uploads a file, then no query waits behind another and pg warns of nothing', async () => {
    const ana = await database.db.professional.findFirstOrThrow({ where: { tenantId, key: 'ana' }, select: { id: true } });

    const settings = await save({ kind: 'settings', fields: { booking: { minNoticeMinutes: 120 } } });
    expect(settings.outcome.kind).toBe('saved');

    const hours = await save({ kind: 'edit_professional', professionalId: ana.id, fields: { hours: { tue: [['08:00', '17:00']] } } });
    expect(hours.outcome.kind).toBe('saved');

    const file = salonFile('salao-sequencial', '410000000000001') as unknown as Record<string, unknown>;
    const uploaded = await save({ kind: 'import_file', fields: { ...file, name: 'Salão Sequencial Novo' } });
    expect(uploaded.outcome).toMatchObject({ kind: 'saved', changes: expect.any(Array) });

    expect({ inFlight: [settings.most, hours.most, uploaded.most], warnings: await busyConnectionWarnings() }).toEqual({
      inFlight: [1, 1, 1],
      warnings: [],
    });
  });

  it('when the owner retires a professional who still has an appointment ahead, then the refusal lists it reading one query at a time', async () => {
    const bia = await database.db.professional.findFirstOrThrow({ where: { tenantId, key: 'bia' }, select: { id: true } });
    const corte = await database.db.service.findFirstOrThrow({ where: { tenantId, key: 'corte' }, select: { id: true } });
    const customer = await database.db.customer.create({ data: { tenantId, waId: '5511900000001', name: 'Clara' } });
    const appointment = await database.db.appointment.create({
      data: {
        tenantId,
        professionalId: bia.id,
        serviceId: corte.id,
        customerId: customer.id,
        startsAt: new Date('2026-12-02T13:00:00Z'),
        endsAt: new Date('2026-12-02T13:30:00Z'),
      },
    });

    const retired = await save({ kind: 'edit_professional', professionalId: bia.id, fields: { retired: true } });
    expect(retired.outcome).toEqual({
      kind: 'future_appointments',
      appointments: [
        {
          id: appointment.id,
          startsAt: appointment.startsAt,
          endsAt: appointment.endsAt,
          service: { id: corte.id, name: 'Corte' },
          customer: { id: customer.id, name: 'Clara' },
        },
      ],
    });
    expect({ inFlight: retired.most, warnings: await busyConnectionWarnings() }).toEqual({ inFlight: 1, warnings: [] });
  });
});
