import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { ConversationDetail, Sent } from '../contract/index.js';
import { type Db, inTransaction } from '../db/index.js';
import { handoffReasonLabel, readConversation } from '../handoff/index.js';
import { queueOutboundReplies } from '../outbox/index.js';
import { AppError, type Logger } from '../shared/index.js';
import { adminContextOf, staffNameOf } from './admin-context.js';
import { maskPhone } from './mask-phone.js';
import { parseRequest } from './parse-request.js';
import { idParamsSchema, readConversationQuerySchema, sendMessageBodySchema } from './request-schemas.js';

const conversationNotFound = () => new AppError('not_found', 'conversation not found', 404);
const outsideCustomerWindow = () =>
  new AppError(
    'outside_customer_window',
    'O cliente não escreve há mais de 24 horas: o WhatsApp só permite mensagens livres dentro dessa janela. / ' +
      'The customer has not written in the last 24 hours: WhatsApp only allows free-form messages inside that window.',
    422,
  );
const IDEMPOTENCY_KEY = /^[\w.:-]{1,100}$/;

/**
 * Attendants' view of a conversation and their replies. Replies are stored as the
 * attendant's outbound messages and sent on WhatsApp by the send job (202: the row's
 * `status` in `GET /admin/conversations/:id` then shows `sent`, or `failed` with Meta's
 * error). Refused with 422 `outside_customer_window` when the customer has not written in
 * 24 hours. An optional `Idempotency-Key` header makes a retried request send once.
 */
export function createConversationRoutes(deps: { db: Db; logger: Logger }): Router {
  const router = Router();

  router.get('/conversations/:id', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const query = parseRequest(readConversationQuerySchema, 'query', request.query);
    const view = await readConversation(deps.db, { tenantId, conversationId: id, limit: query.limit });
    if (!view) throw conversationNotFound();
    const { customer, openHandoff, ...rest } = view;
    const body: Sent<ConversationDetail> = {
      ...rest,
      openHandoff: openHandoff ? { ...openHandoff, reasonLabel: handoffReasonLabel(openHandoff.reason) } : null,
      customer: { id: customer.id, name: customer.name, phone: maskPhone(customer.waId), username: customer.username },
    };
    response.json(body);
  });

  router.post('/conversations/:id/messages', async (request, response) => {
    const context = adminContextOf(response);
    const { tenantId } = context;
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const body = parseRequest(sendMessageBodySchema, 'body', request.body);
    // A signed-in person always writes as themself, whatever the body says.
    const staffName = staffNameOf(context);
    const idempotencyKey = request.get('idempotency-key');
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new AppError('invalid_request', 'invalid request: headers.idempotency-key', 400, [
        { path: 'headers.idempotency-key', message: 'expected 1 to 100 letters, digits, or . _ : -' },
      ]);
    }
    const conversation = await deps.db.conversation.findFirst({ where: { id, tenantId }, select: { id: true } });
    if (!conversation) throw conversationNotFound();
    const stored = await inTransaction(deps.db, async (tx) => {
      // Without a name in the body the reply is signed by whoever claimed the open handoff.
      const claimed =
        (staffName ?? body.attendant)
          ? null
          : await tx.handoff.findFirst({ where: { tenantId, conversationId: id, status: 'claimed' }, select: { attendant: true } });
      const attendant = staffName ?? body.attendant ?? claimed?.attendant ?? null;
      const queued = await queueOutboundReplies(tx, {
        tenantId,
        conversationId: id,
        replies: [{ type: 'text', text: body.text }],
        author: 'attendant',
        attendant,
        idempotencyKeyPrefix: `attendant:${tenantId}:${id}:${idempotencyKey ?? randomUUID()}`,
      });
      if (queued.kind === 'outside_window') throw outsideCustomerWindow();
      if (queued.kind === 'conversation_not_found') throw conversationNotFound();
      const { messages } = queued;
      const rows = await tx.message.findMany({
        where: { id: { in: messages.map((message) => message.id) }, tenantId },
        orderBy: { id: 'asc' },
        select: { id: true, direction: true, author: true, attendant: true, type: true, text: true, status: true, createdAt: true },
      });
      return { attendant, rows, created: messages.some((message) => message.created) };
    });
    deps.logger.info({ tenantId, conversationId: id, messages: stored.rows.length }, 'attendant reply queued');
    response.status(stored.created ? 202 : 200).json({ attendant: stored.attendant, messages: stored.rows });
  });

  return router;
}
