import { Router } from 'express';
import { listStaffAccounts } from '../auth/index.js';
import type { Assignee, ConversationList, ConversationListEntry, Sent } from '../contract/index.js';
import { type Db, inTransaction } from '../db/index.js';
import {
  addConversationNote,
  assignConversation,
  type ConversationListItem,
  handoffReasonLabel,
  listConversations,
  returnConversationToBot,
  takeOverConversation,
} from '../handoff/index.js';
import type { StaffReads } from '../http/index.js';
import { AppError, type Clock, type Logger } from '../shared/index.js';
import { adminContextOf, staffIdOf, staffNameOf } from './admin-context.js';
import { decodeConversationCursor, encodeConversationCursor } from './conversation-cursor.js';
import { parseRequest } from './parse-request.js';
import { assignBodySchema, claimBodySchema, idParamsSchema, listConversationsQuerySchema, noteBodySchema } from './request-schemas.js';
import { staffPhone } from './staff-phone.js';

const conversationNotFound = () => new AppError('not_found', 'conversation not found', 404);
const attendantRequired = () =>
  new AppError('invalid_request', 'invalid request: body.attendant', 400, [
    { path: 'body.attendant', message: 'required when calling with an API key' },
  ]);

/**
 * The whole inbox: every conversation (latest activity first, searchable, filtered by who
 * handles it and where it stands), taking over a chat the bot is handling, assigning a chat to
 * a colleague (`GET /admin/assignees` lists who may get one), giving a closed chat back to the
 * bot, and internal notes (never sent). Mounted under `/admin`.
 */
export function createInboxRoutes(deps: { db: Db; logger: Logger; clock: Clock; reads: StaffReads }): Router {
  const router = Router();

  router.get('/conversations', async (request, response) => {
    const context = adminContextOf(response);
    const query = parseRequest(listConversationsQuerySchema, 'query', request.query);
    const staffId = staffIdOf(context);
    const filter = query.filter ?? (query.assignee === 'me' ? 'mine' : query.assignee === 'none' ? 'unassigned' : undefined);
    if (filter === 'mine' && staffId === null) {
      throw new AppError('invalid_request', 'invalid request: query.filter', 400, [
        { path: 'query.filter', message: '"mine" needs a signed-in person (a console session), not an API key' },
      ]);
    }
    // A named read: the list may come from the replica, once it holds this caller's latest write.
    const page = await deps.reads.run(request, response, ({ db }) =>
      listConversations(db, {
        tenantId: context.tenantId,
        q: query.q,
        handledBy: query.handledBy,
        filter,
        status: query.status,
        staffId,
        limit: query.limit,
        after: query.cursor ? decodeConversationCursor(query.cursor) : null,
      }),
    );
    const body: Sent<ConversationList> = {
      items: page.items.map(toListEntryBody),
      nextCursor: page.next ? encodeConversationCursor(page.next) : null,
    };
    response.json(body);
  });

  router.post('/conversations/:id/takeover', async (request, response) => {
    const context = adminContextOf(response);
    const { tenantId } = context;
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const body = parseRequest(claimBodySchema, 'body', request.body ?? {});
    // A signed-in person always takes over as themself; an integration names the attendant.
    const attendant = staffNameOf(context) ?? body.attendant;
    if (!attendant) throw attendantRequired();
    const now = deps.clock.now();
    const outcome = await inTransaction(deps.db, (tx) =>
      takeOverConversation(tx, { tenantId, conversationId: id, attendant, attendantStaffId: staffIdOf(context), now }),
    );
    switch (outcome.kind) {
      case 'taken_over':
        deps.logger.info({ tenantId, conversationId: id, handoffId: outcome.handoff.id }, 'conversation taken over by staff');
        response.json({ handoff: { ...outcome.handoff, status: 'claimed', reasonLabel: handoffReasonLabel(outcome.handoff.reason) } });
        return;
      case 'not_found':
        throw conversationNotFound();
      case 'already_claimed':
        throw new AppError('already_claimed', `Esta conversa já está com ${outcome.attendant ?? 'outra pessoa'}.`, 409);
    }
  });

  router.get('/assignees', async (_request, response) => {
    const { tenantId } = adminContextOf(response);
    const accounts = await listStaffAccounts(deps.db, tenantId);
    const items: Sent<Assignee>[] = accounts.filter((account) => !account.disabled).map(({ id, name }) => ({ id, name }));
    response.json({ items });
  });

  router.post('/conversations/:id/assign', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const { staffId } = parseRequest(assignBodySchema, 'body', request.body);
    const colleague = (await listStaffAccounts(deps.db, tenantId)).find((account) => account.id === staffId);
    if (!colleague) throw new AppError('not_found', 'Conta da equipe não encontrada.', 404);
    if (colleague.disabled) throw new AppError('staff_disabled', `A conta de ${colleague.name} está desativada.`, 422);
    const now = deps.clock.now();
    const outcome = await inTransaction(deps.db, (tx) =>
      assignConversation(tx, { tenantId, conversationId: id, attendant: colleague.name, attendantStaffId: colleague.id, now }),
    );
    if (outcome.kind === 'not_found') throw conversationNotFound();
    deps.logger.info({ tenantId, conversationId: id, handoffId: outcome.handoff.id, staffId }, 'conversation assigned');
    response.json({
      handoff: { ...outcome.handoff, status: 'claimed', reasonLabel: handoffReasonLabel(outcome.handoff.reason) },
      previousAttendant: outcome.previous,
    });
  });

  router.post('/conversations/:id/return-to-bot', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const outcome = await returnConversationToBot(deps.db, { tenantId, conversationId: id });
    switch (outcome.kind) {
      case 'not_found':
        throw conversationNotFound();
      case 'handoff_open':
        throw new AppError('handoff_open', 'A conversa está com a equipe: resolva o atendimento para devolvê-la ao robô.', 409);
      case 'returned':
        deps.logger.info({ tenantId, conversationId: id, wasClosed: outcome.wasClosed }, 'conversation given back to the bot');
        response.json({ returnedToBot: true, wasClosed: outcome.wasClosed });
    }
  });

  router.post('/conversations/:id/notes', async (request, response) => {
    const context = adminContextOf(response);
    const { tenantId } = context;
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const body = parseRequest(noteBodySchema, 'body', request.body);
    // A signed-in person always writes as themself; an integration names the author.
    const author = staffNameOf(context) ?? body.attendant;
    if (!author) throw attendantRequired();
    const outcome = await addConversationNote(deps.db, { tenantId, conversationId: id, author, text: body.text });
    if (outcome.kind === 'not_found') throw conversationNotFound();
    deps.logger.info({ tenantId, conversationId: id, noteId: outcome.note.id }, 'internal note added');
    response.status(201).json({ note: { ...outcome.note, kind: 'note' } });
  });

  return router;
}

function toListEntryBody(item: ConversationListItem): Sent<ConversationListEntry> {
  const { customer, openHandoff, ...rest } = item;
  return {
    ...rest,
    customer: { id: customer.id, name: customer.name, phone: staffPhone(customer.waId), username: customer.username },
    openHandoff: openHandoff ? { ...openHandoff, reasonLabel: handoffReasonLabel(openHandoff.reason) } : null,
  };
}
