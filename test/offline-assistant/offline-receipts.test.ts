import { describe, expect, it } from 'vitest';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import type { RespondInput, RunOutcome } from '../../src/conversation/index.js';
import { createOfflineAssistant } from '../../src/offline-assistant/index.js';
import { createSchedulingToolSet } from '../../src/scheduling/tools/index.js';
import { fixedClock, silentLogger } from '../../src/shared/index.js';
import { respondAsOfflineJob } from '../support/commit-outcome.js';
import { createInboundMessage, createTestConversation, createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';

const { db } = await testDatabase();
// Tuesday 2026-12-01, 09:00 in São Paulo.
const clock = fixedClock('2026-12-01T12:00:00Z');
const offlineAssistant = createOfflineAssistant({
  db,
  clock,
  logger: silentLogger,
  tools: createSchedulingToolSet(schedulingToolDepsOf({ db, clock, logger: silentLogger })),
});

/** The assistant as the conversation job runs it: each outcome (replies, receipts, menu state) committed by the turn's commit. */
const assistant = { respond: (input: RespondInput) => respondAsOfflineJob(db, offlineAssistant, input) };

const texts = (outcome: RunOutcome) => (outcome.kind === 'cancelled' ? [] : outcome.replies.map((reply) => reply.text));

describe('offline assistant receipts', () => {
  it('when the menu flow books, then the turn ends with a receipt built from the row (service, professional, day, time) and the address once', async () => {
    const tenant = await createTestTenant(db, {
      name: 'Salão das Flores',
      businessInfo: 'Salão das Flores: Rua das Flores, 10. Aceitamos Pix.',
      address: 'Rua das Flores, 10.',
    });
    const { customer, conversation } = await createTestConversation(db, tenant.id);
    const say = async (text: string) => {
      const message = await createInboundMessage(db, { tenantId: tenant.id, conversationId: conversation.id, text });
      return assistant.respond({
        tenantId: tenant.id,
        conversationId: conversation.id,
        customerId: customer.id,
        runId: 0,
        signal: new AbortController().signal,
        messages: [{ id: message.id, type: 'text', text, replyId: null, createdAt: message.createdAt }],
      });
    };
    for (const step of ['oi', '1', '2', '1', '1', '1']) await say(step);
    const booked = texts(await say('sim'));

    const row = await db.appointment.findFirstOrThrow({
      where: { customerId: customer.id },
      include: { service: true, professional: true },
    });
    expect(row.status).toBe('booked');
    const receipt = booked.at(-1) ?? '';
    expect(receipt).toContain('Agendamento confirmado');
    expect(receipt).toContain(`${row.service.name} com ${row.professional.name}`);
    expect(receipt).toContain('ter 01/12 às 10:00');
    // the address once, under the business's name; never the business-information paragraph
    expect(receipt.split('Rua das Flores, 10.')).toHaveLength(2);
    expect(receipt).toContain('📍 Salão das Flores · Rua das Flores, 10.');
    expect(receipt).not.toContain('Aceitamos Pix');
    // the acknowledgement before it no longer repeats the details
    expect(booked.filter((text) => text.includes(`com ${row.professional.name}`))).toHaveLength(1);
  });
});
