import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { ConversationDetail, Sent } from '../contract/index.js';
import { type Db, inTransaction } from '../db/index.js';
import { handoffReasonLabel, readConversation } from '../handoff/index.js';
import type { StaffReads } from '../http/index.js';
import { queueOutboundReplies } from '../outbox/index.js';
import { AppError, type Logger } from '../shared/index.js';
import { adminContextOf, staffNameOf } from './admin-context.js';
import { parseRequest } from './parse-request.js';
import { readReopenOffer, reopenConversation } from './reopen-conversation.js';
import { idParamsSchema, readConversationQuerySchema, sendMessageBodySchema } from './request-schemas.js';
import { staffPhone } from './staff-phone.js';

const conversationNotFound = () => new AppError('not_found', 'conversation not found', 404);
const outsideCustomerWindow = () =>
  new AppError(
    'outside_customer_window',
    'O cliente não escreve há mais de 24 horas: o WhatsApp só permite mensagens livres dentro dessa janela. / ' +
      'The customer has not written in the last 24 hours: WhatsApp only allows free-form messages inside that window.',
    422,
  );
const windowStillOpen = () =>
  new AppError('customer_window_open', 'O cliente escreveu nas últimas 24 horas: responda com uma mensagem normal, sem modelo.', 422);
const noReopenTemplate = () =>
  new AppError(
    'reopen_template_missing',
    'Nenhuma mensagem modelo para reabrir conversas está configurada (templates.reopenConversation no arquivo do salão).',
    422,
  );
const IDEMPOTENCY_KEY = /^[\w.:-]{1,100}$/;

function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header !== undefined && !IDEMPOTENCY_KEY.test(header)) {
    throw new AppError('invalid_request', 'invalid request: headers.idempotency-key', 400, [
      { path: 'headers.idempotency-key', message: 'expected 1 to 100 letters, digits, or . _ : -' },
    ]);
  }
  return header;
}

/**
 * Attendants' view of a conversation and their replies. Replies are stored as the
 * attendant's outbound messages and sent on WhatsApp by the send job (202: the row's
 * `status` in `GET /admin/conversations/:id` then shows `sent`, or `failed` with Meta's
 * error). Refused with 422 `outside_customer_window` when the customer has not written in
 * 24 hours: then `POST /admin/conversations/:id/reopen` sends the tenant's
 * `templates.reopenConversation` template instead. An optional `Idempotency-Key` header makes
 * a retried request send once.
 */
export function createConversationRoutes(deps: { db: Db; logger: Logger; reads: StaffReads }): Router {
  const router = Router();

  router.get('/conversations/:id', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const query = parseRequest(readConversationQuerySchema, 'query', request.query);
    // A named read (the history and the 24-hour window together, from one database).
    const { view, customerWindow } = await deps.reads.run(request, response, async ({ db }) => {
      const found = await readConversation(db, { tenantId, conversationId: id, limit: query.limit });
      return found ? { view: found, customerWindow: await readReopenOffer(db, tenantId, id) } : { view: null, customerWindow: null };
    });
    if (!view || !customerWindow) throw conversationNotFound();
    const { customer, openHandoff, ...rest } = view;
    const body: Sent<ConversationDetail> = {
      ...rest,
      customerWindow,
      openHandoff: openHandoff ? { ...openHandoff, reasonLabel: handoffReasonLabel(openHandoff.reason) } : null,
      customer: { id: customer.id, name: customer.name, phone: staffPhone(customer.waId), username: customer.username },
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
    const idempotencyKey = idempotencyKeyOf(request.get('idempotency-key'));
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

  // Outside the 24-hour window only an approved template reaches the customer: the attendant reopens the chat with one.
  router.post('/conversations/:id/reopen', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const idempotencyKey = idempotencyKeyOf(request.get('idempotency-key')) ?? randomUUID();
    const outcome = await inTransaction(deps.db, (tx) =>
      reopenConversation(tx, { tenantId, conversationId: id, idempotencyKey: `reopen:${tenantId}:${id}:${idempotencyKey}` }),
    );
    switch (outcome.kind) {
      case 'conversation_not_found':
        throw conversationNotFound();
      case 'window_open':
        throw windowStillOpen();
      case 'no_template':
        throw noReopenTemplate();
      case 'queued':
        deps.logger.info({ tenantId, conversationId: id, messageId: outcome.messageId }, 'reopen template queued');
        response.status(outcome.created ? 202 : 200).json({ messageId: outcome.messageId, template: outcome.template });
    }
  });

  return router;
}
