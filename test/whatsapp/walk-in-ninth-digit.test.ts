import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findCustomerByPhone } from '../../src/scheduling/customers/index.js';
import { type Channel, isQueueIdle, postWebhook, startChannel, waitFor } from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

/** A São Paulo mobile as staff type it (13 digits, with the ninth digit) and as an older WhatsApp id (12, without it). */
function mobileForms() {
  const subscriber = `8${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  return { typed: `55119${subscriber}`, whatsapp: `5511${subscriber}` };
}

// Issue 29 item 7: a walk-in typed with the ninth digit and the same person writing on WhatsApp
// with an id without it were two customers ("meus agendamentos" then showed nothing).
describe('one customer whichever form of a Brazilian mobile came first', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database });
    tenant = await createTestTenant(database.db, { accessToken: null });
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    new GraphApiFake().install();
  });

  it('when staff registered the walk-in with the ninth digit and WhatsApp writes without it, then the message lands on that customer, who takes WhatsApp id', async () => {
    const phone = mobileForms();
    const walkIn = await database.db.customer.create({ data: { tenantId: tenant.id, waId: phone.typed, name: 'Dona Cida' } });
    await postWebhook(
      channel.app,
      webhookFixture('text', {
        phoneNumberId: tenant.phoneNumberId,
        from: phone.whatsapp,
        text: 'meus agendamentos',
        messageId: newWamid(),
      }),
    ).expect(200);
    await waitFor(() => isQueueIdle(database.db), { what: 'queue idle' });
    const customers = await database.db.customer.findMany({ where: { tenantId: tenant.id, waId: { in: [phone.typed, phone.whatsapp] } } });
    expect(customers).toEqual([expect.objectContaining({ id: walkIn.id, waId: phone.whatsapp })]);
    const conversation = await database.db.conversation.findFirstOrThrow({ where: { tenantId: tenant.id, customerId: walkIn.id } });
    expect(await database.db.message.count({ where: { conversationId: conversation.id, direction: 'outbound' } })).toBeGreaterThan(0);
    // and staff typing the number with the ninth digit still find the same person
    expect(await findCustomerByPhone(database.db, tenant.id, phone.typed)).toMatchObject({ id: walkIn.id });
  });

  it('when WhatsApp writes with the ninth digit and staff had typed it without, then it is the same customer too', async () => {
    const phone = mobileForms();
    const walkIn = await database.db.customer.create({ data: { tenantId: tenant.id, waId: phone.whatsapp } });
    await postWebhook(
      channel.app,
      webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from: phone.typed, text: 'Oi', messageId: newWamid() }),
    ).expect(200);
    expect(await database.db.customer.findMany({ where: { tenantId: tenant.id, waId: { in: [phone.typed, phone.whatsapp] } } })).toEqual([
      expect.objectContaining({ id: walkIn.id, waId: phone.typed }),
    ]);
  });
});
