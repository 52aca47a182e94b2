import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import type { RunOutcome } from '../../src/conversation/index.js';
import { createKeyring } from '../../src/credentials/index.js';
import type { Db } from '../../src/db/index.js';
import { createOfflineAssistant } from '../../src/offline-assistant/index.js';
import { createSchedulingToolSet } from '../../src/scheduling/tools/index.js';
import { type Clock, type OutboundReply, silentLogger } from '../../src/shared/index.js';
import { importTenant, type TenantFile } from '../../src/tenant/index.js';
import { respondAsOfflineJob } from '../support/commit-outcome.js';
import { createInboundMessage, createTestConversation } from '../support/factories.js';

const demoFile = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../scripts/demo-tenant.json'), 'utf8')) as TenantFile;
let sequence = 0;

/**
 * The demo tenant (scripts/demo-tenant.json, under a fresh slug and phone number id) with
 * customers who talk to the real offline assistant over the real scheduling tools.
 */
export async function demoTenant(db: Db, clock: Clock, change: (file: TenantFile) => TenantFile = (file) => file) {
  const suffix = `${process.pid}${++sequence}`;
  const file = change({ ...structuredClone(demoFile), slug: `demo-${suffix}`, whatsapp: { phoneNumberId: `77${suffix}` } });
  const imported = await importTenant(db, file, { keyring: createKeyring([{ id: 'k1', key: randomBytes(32) }], { allowDevKey: false }) });
  if (imported.kind !== 'imported') throw new Error(`demo tenant refused: ${JSON.stringify(imported)}`);
  const tenantId = imported.tenantId;
  const tools = createSchedulingToolSet(schedulingToolDepsOf({ db, clock, logger: silentLogger }));
  const assistant = createOfflineAssistant({ db, clock, logger: silentLogger, tools });
  const services = await db.service.findMany({ where: { tenantId }, select: { id: true, key: true } });
  const professionals = await db.professional.findMany({ where: { tenantId }, select: { id: true, key: true } });
  const serviceId = (key: string) => services.find((service) => service.key === key)?.id ?? 0;
  const professionalId = (key: string) => professionals.find((professional) => professional.key === key)?.id ?? 0;

  async function customer() {
    const { customer: row, conversation } = await createTestConversation(db, tenantId);
    const ids = { tenantId, conversationId: conversation.id, customerId: row.id };
    const say = async (text: string, replyId?: string): Promise<RunOutcome> => {
      const message = await createInboundMessage(db, {
        tenantId,
        conversationId: conversation.id,
        type: replyId ? 'interactive' : 'text',
        text,
      });
      // As the conversation job runs it: the outcome (with the menu state in its record) committed by the
      // production turn-ending commit.
      const { record: _record, ...visible } = await respondAsOfflineJob(db, assistant, {
        ...ids,
        runId: 0,
        signal: new AbortController().signal,
        messages: [{ id: message.id, type: message.type, text, replyId: replyId ?? null, createdAt: message.createdAt }],
      });
      return visible as RunOutcome;
    };
    /** Books through the `agendar` tool as this customer (an appointment made earlier). */
    const book = async (service: string, professional: string, start: string) => {
      await tools.book.handler(
        { profissional_id: professionalId(professional), servico_id: serviceId(service), inicio: start },
        { ...ids, toolUseId: `earlier-${ids.customerId}-${start}` },
      );
    };
    const appointments = () => db.appointment.findMany({ where: { tenantId, customerId: row.id }, orderBy: { id: 'asc' } });
    return { ids, say, book, appointments };
  }
  return { tenantId, tools, customer, serviceId, professionalId };
}

export const replies = (outcome: RunOutcome): OutboundReply[] => (outcome.kind === 'cancelled' ? [] : outcome.replies);
export const screen = (outcome: RunOutcome) => replies(outcome).at(-1);
export const options = (outcome: RunOutcome): { id: string; title: string }[] => {
  const last = screen(outcome);
  if (!last || last.type === 'text') return [];
  return last.type === 'buttons' ? last.buttons : last.sections.flatMap((section) => section.rows);
};
export const allText = (outcome: RunOutcome) =>
  replies(outcome)
    .map((reply) => reply.text)
    .join('\n');
/** Local São Paulo "YYYY-MM-DDTHH:mm" of a stored instant (UTC−3, no DST in 2026). */
export const localStart = (date: Date) => new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 16);
export const isConfirmation = (outcome: RunOutcome) => options(outcome).some((option) => option.id === 'confirm:yes');
