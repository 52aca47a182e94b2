import { beforeAll, describe, expect, it } from 'vitest';
import { eraseCustomerData } from '../../src/privacy/index.js';
import { storeInboundBatch, toInboundMessageContent } from '../../src/whatsapp/index.js';
import { newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// A sender stored already with the same fields skips upsert_wa_customer inside the batch
// statement (migration 20261214000000_store_inbound_batch_known_senders); every other sender
// must still get what the function decides.
describe('store_inbound_batch: senders stored already', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  const schedule = { debounceMs: 60_000, maxWaitMs: 60_000, maxAttempts: 5 };
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });
  const message = (sender: { waId?: string; bsuid?: string; username?: string; name?: string }) => {
    const waMessageId = newWamid();
    return {
      tenantId: tenant.id,
      waId: sender.waId ?? null,
      bsuid: sender.bsuid ?? null,
      parentBsuid: null,
      username: sender.username ?? null,
      profileName: sender.name ?? null,
      waMessageId,
      sentAt: new Date(),
      content: toInboundMessageContent({ id: waMessageId, from: sender.waId, timestamp: 1, type: 'text', text: { body: 'oi' } }),
      referral: null,
      raw: { id: waMessageId, type: 'text', text: { body: 'oi' } },
    };
  };
  const customerOf = async (waMessageId: string) =>
    (
      await database.db.message.findFirstOrThrow({
        where: { waMessageId },
        select: { conversation: { select: { customer: { select: { id: true, name: true, username: true, bsuid: true } } } } },
      })
    ).conversation.customer;
  const rowVersion = async (customerId: number) =>
    (await database.db.$queryRaw<{ xmin: string }[]>`SELECT xmin::text FROM customers WHERE id = ${customerId}`)[0]?.xmin;

  it('when a customer writes again with the same profile, then the message is theirs and their row is not written again', async () => {
    const first = message({ waId: '5511955550001', name: 'Ana' });
    await storeInboundBatch(database.db, [first], schedule);
    const customer = await customerOf(first.waMessageId);
    const version = await rowVersion(customer.id);
    const again = [message({ waId: '5511955550001', name: 'Ana' }), message({ waId: '5511955550001' })];
    const stored = await storeInboundBatch(database.db, again, schedule);
    expect(stored.size).toBe(2);
    for (const item of again) expect((await customerOf(item.waMessageId)).id).toBe(customer.id);
    expect(await rowVersion(customer.id)).toBe(version);
  });

  it('when a stored customer writes with a new profile name, a new username or a business-scoped id, then the same customer takes them', async () => {
    const first = message({ waId: '5511955550002', name: 'Bia' });
    await storeInboundBatch(database.db, [first], schedule);
    const customer = await customerOf(first.waMessageId);
    const renamed = message({ waId: '5511955550002', name: 'Beatriz' });
    await storeInboundBatch(database.db, [renamed], schedule);
    expect(await customerOf(renamed.waMessageId)).toMatchObject({ id: customer.id, name: 'Beatriz' });
    const linked = message({ waId: '5511955550002', bsuid: 'BR.1000000000000002', name: 'Beatriz' });
    await storeInboundBatch(database.db, [linked], schedule);
    expect(await customerOf(linked.waMessageId)).toMatchObject({ id: customer.id, bsuid: 'BR.1000000000000002' });

    const usernameOnly = message({ bsuid: 'BR.1000000000000003', username: 'cacau', name: 'Cacau' });
    await storeInboundBatch(database.db, [usernameOnly], schedule);
    const byBsuid = await customerOf(usernameOnly.waMessageId);
    const sameAgain = message({ bsuid: 'BR.1000000000000003', username: 'cacau', name: 'Cacau' });
    const newUsername = message({ bsuid: 'BR.1000000000000003', username: 'cacau.salao', name: 'Cacau' });
    await storeInboundBatch(database.db, [sameAgain], schedule);
    expect(await customerOf(sameAgain.waMessageId)).toMatchObject({ id: byBsuid.id, username: 'cacau' });
    await storeInboundBatch(database.db, [newUsername], schedule);
    expect(await customerOf(newUsername.waMessageId)).toMatchObject({ id: byBsuid.id, username: 'cacau.salao' });
  });

  it('when a phone customer and a BSUID-only customer are stored and one message names both, then they are merged and the message lands on the kept one', async () => {
    const byPhone = message({ waId: '5511955550004', name: 'Duda' });
    const byBsuid = message({ bsuid: 'BR.1000000000000004', username: 'duda' });
    await storeInboundBatch(database.db, [byPhone, byBsuid], schedule);
    const phoneCustomer = await customerOf(byPhone.waMessageId);
    expect((await customerOf(byBsuid.waMessageId)).id).not.toBe(phoneCustomer.id);
    const both = message({ waId: '5511955550004', bsuid: 'BR.1000000000000004', name: 'Duda' });
    // the phone customer alone would match the stored fields if the BSUID were ignored
    await storeInboundBatch(database.db, [both, message({ waId: '5511955550004', name: 'Duda' })], schedule);
    const kept = await customerOf(both.waMessageId);
    expect(kept.bsuid).toBe('BR.1000000000000004');
    expect(await customerOf(byPhone.waMessageId)).toMatchObject({ id: kept.id });
    expect(await customerOf(byBsuid.waMessageId)).toMatchObject({ id: kept.id });
    expect(
      await database.db.customer.count({
        where: { tenantId: tenant.id, OR: [{ waId: '5511955550004' }, { bsuid: 'BR.1000000000000004' }] },
      }),
    ).toBe(1);
  });

  it('when an erased customer writes again from the same number, then a new customer is created', async () => {
    const first = message({ waId: '5511955550005', name: 'Eva' });
    await storeInboundBatch(database.db, [first], schedule);
    const erased = await customerOf(first.waMessageId);
    expect(await eraseCustomerData(database.db, { tenantId: tenant.id, customerId: erased.id, actor: 'test' })).toMatchObject({
      kind: 'erased',
    });
    const after = message({ waId: '5511955550005', name: 'Eva' });
    await storeInboundBatch(database.db, [after], schedule);
    const fresh = await customerOf(after.waMessageId);
    expect(fresh.id).not.toBe(erased.id);
    expect(fresh.name).toBe('Eva');
  });
});
