import { Router } from 'express';
import type { QuickReply, Sent } from '../contract/index.js';
import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import { listQuickReplies, type QuickReplyView, saveQuickReply } from '../tenant/index.js';
import { adminContextOf } from './admin-context.js';
import { parseRequest } from './parse-request.js';
import { quickReplyBodySchema } from './request-schemas.js';

/**
 * The tenant's canned answers (`{shortcut, text}`), from the tenant file's `quickReplies` and
 * added here by any staff member; the console offers them when "/" is typed in the reply box.
 */
export function createQuickReplyRoutes(deps: { db: Db; logger: Logger }): Router {
  const router = Router();

  router.get('/quick-replies', async (_request, response) => {
    const { tenantId } = adminContextOf(response);
    const items: Sent<QuickReply>[] = (await listQuickReplies(deps.db, tenantId)).map(toBody);
    response.json({ items });
  });

  router.post('/quick-replies', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const body = parseRequest(quickReplyBodySchema, 'body', request.body);
    const saved = await saveQuickReply(deps.db, { tenantId, ...body });
    deps.logger.info({ tenantId, quickReplyId: saved.quickReply.id, created: saved.created }, 'quick reply saved');
    response.status(saved.created ? 201 : 200).json({ quickReply: toBody(saved.quickReply) });
  });

  return router;
}

const toBody = (reply: QuickReplyView): Sent<QuickReply> => ({ id: reply.id, shortcut: reply.shortcut, text: reply.text });
