import { Router } from 'express';
import type { QueueItem, Sent } from '../contract/index.js';
import type { Db } from '../db/index.js';
import { claimHandoff, type HandoffQueueItem, handoffReasonLabel, listHandoffs, resolveHandoff } from '../handoff/index.js';
import { AppError, type Clock, type Logger } from '../shared/index.js';
import { adminContextOf, staffIdOf, staffNameOf } from './admin-context.js';
import { decodeHandoffCursor, encodeHandoffCursor } from './handoff-cursor.js';
import { parseRequest } from './parse-request.js';
import { claimBodySchema, idParamsSchema, listHandoffsQuerySchema, resolveBodySchema } from './request-schemas.js';
import { staffPhone } from './staff-phone.js';

const handoffNotFound = () => new AppError('not_found', 'handoff not found', 404);

/**
 * The attendants' queue: list (oldest first, keyset pagination), claim (atomic; 409 when
 * someone else got there first), resolve (`returnToBot: true`: the bot answers again; `false`:
 * the chat is closed and the bot stays silent until a person gives it back or the customer
 * writes a day later). Mounted under `/admin`.
 */
export function createHandoffRoutes(deps: { db: Db; logger: Logger; clock: Clock }): Router {
  const router = Router();

  router.get('/handoffs', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const query = parseRequest(listHandoffsQuerySchema, 'query', request.query);
    const page = await listHandoffs(deps.db, {
      tenantId,
      status: query.status,
      limit: query.limit,
      after: query.cursor ? decodeHandoffCursor(query.cursor) : null,
      now: deps.clock.now(),
    });
    response.json({ items: page.items.map(toQueueItemBody), nextCursor: page.next ? encodeHandoffCursor(page.next) : null });
  });

  router.post('/handoffs/:id/claim', async (request, response) => {
    const context = adminContextOf(response);
    const { tenantId } = context;
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const body = parseRequest(claimBodySchema, 'body', request.body);
    // A signed-in person always claims as themself; an integration names the attendant.
    const attendant = staffNameOf(context) ?? body.attendant;
    if (!attendant) {
      throw new AppError('invalid_request', 'invalid request: body.attendant', 400, [
        { path: 'body.attendant', message: 'required when calling with an API key' },
      ]);
    }
    const outcome = await claimHandoff(deps.db, {
      tenantId,
      handoffId: id,
      attendant,
      attendantStaffId: staffIdOf(context),
      now: deps.clock.now(),
    });
    switch (outcome.kind) {
      case 'claimed':
        deps.logger.info({ tenantId, handoffId: id }, 'handoff claimed');
        response.json({ handoff: { ...outcome.handoff, status: 'claimed' } });
        return;
      case 'not_found':
        throw handoffNotFound();
      case 'not_pending':
        throw outcome.status === 'claimed'
          ? new AppError('already_claimed', `handoff already claimed by ${outcome.attendant ?? 'another attendant'}`, 409)
          : new AppError('already_resolved', 'handoff already resolved', 409);
    }
  });

  router.post('/handoffs/:id/resolve', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const { returnToBot } = parseRequest(resolveBodySchema, 'body', request.body);
    const outcome = await resolveHandoff(deps.db, { tenantId, handoffId: id, now: deps.clock.now(), returnToBot });
    switch (outcome.kind) {
      case 'resolved':
        deps.logger.info(
          { tenantId, handoffId: id, returnedToBot: outcome.returnedToBot },
          outcome.returnedToBot ? 'handoff resolved; the bot answers again' : 'handoff resolved and the chat closed; the bot stays silent',
        );
        response.json({ handoff: { ...outcome.handoff, status: 'resolved' }, returnedToBot: outcome.returnedToBot });
        return;
      case 'not_found':
        throw handoffNotFound();
      case 'already_resolved':
        throw new AppError('already_resolved', 'handoff already resolved', 409);
    }
  });

  return router;
}

function toQueueItemBody(item: HandoffQueueItem): Sent<QueueItem> {
  const { customer, ...rest } = item;
  return {
    ...rest,
    reasonLabel: handoffReasonLabel(item.reason),
    customer: { id: customer.id, name: customer.name, phone: staffPhone(customer.waId), username: customer.username },
  };
}
