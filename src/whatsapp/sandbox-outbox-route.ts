import express, { type Router } from 'express';
import { z } from 'zod';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { AppError, type OutboundReply } from '../shared/index.js';
import { createDevSecretGuard } from './dev-secret-guard.js';

const SANDBOX_OUTBOX_PATH = '/sandbox/outbox';

const querySchema = z.object({
  phoneNumberId: z.string().regex(/^\d{1,32}$/, 'expected the digits of a phone number id'),
  waId: z.string().regex(/^\d{1,32}$/, 'expected the digits of a WhatsApp id'),
  afterId: z.coerce.number().int().min(0).default(0),
});

/** One outbound message as the customer would see it. */
export interface SandboxOutboxMessage {
  id: number;
  author: string;
  attendant: string | null;
  type: string;
  text: string | null;
  /** buttons or list of an interactive message */
  interactive: OutboundReply | null;
  status: string;
  createdAt: string;
}

/**
 * DEVELOPMENT ONLY (mounted when NODE_ENV is not production, and answering 404 to everything
 * unless NODE_ENV is development/test or no tenant has an access token): what a sandbox tenant (no
 * WhatsApp access token, e.g. the demo) "sent" to one customer, for `npm run chat`.
 * `GET /sandbox/outbox?phoneNumberId=&waId=&afterId=` answers the outbound messages after
 * `afterId`, oldest first, stopping before the first one still waiting to be sent so a poller
 * that continues from the last id never skips one. `lastId` is where to continue from.
 * A tenant with an access token (a real WhatsApp number) answers 404 like an unknown one.
 */
export function createSandboxOutboxRouter(deps: { db: Db; config: Pick<Config, 'devSecrets' | 'isDevelopment'> }): Router {
  const router = express.Router();
  const guard = createDevSecretGuard(deps.db, deps.config);
  router.get(SANDBOX_OUTBOX_PATH, async (request, response) => {
    if (await guard.closesSandbox()) throw new AppError('not_found', 'route not found', 404);
    const parsed = querySchema.safeParse(request.query);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      throw new AppError('invalid_query', fields, 400);
    }
    const { phoneNumberId, waId, afterId } = parsed.data;
    const tenant = await deps.db.tenant.findFirst({ where: { phoneNumberId, accessToken: null }, select: { id: true } });
    if (!tenant) throw new AppError('tenant_not_found', 'no sandbox tenant with that phone number id', 404);
    const rows = await deps.db.message.findMany({
      where: { tenantId: tenant.id, direction: 'outbound', id: { gt: afterId }, conversation: { customer: { waId } } },
      orderBy: { id: 'asc' },
      take: 100,
      select: { id: true, author: true, attendant: true, type: true, text: true, payload: true, status: true, createdAt: true },
    });
    const firstUnsent = rows.findIndex((row) => row.status === 'pending' || row.status === 'sending');
    const ready = firstUnsent === -1 ? rows : rows.slice(0, firstUnsent);
    const messages: SandboxOutboxMessage[] = ready.map((row) => ({
      id: row.id,
      author: row.author,
      attendant: row.attendant,
      type: row.type,
      text: row.text,
      interactive: row.type === 'interactive' ? (row.payload as OutboundReply | null) : null,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    }));
    const latest = await deps.db.message.aggregate({
      where: { tenantId: tenant.id, direction: 'outbound', conversation: { customer: { waId } } },
      _max: { id: true },
    });
    response.json({ messages, lastId: messages.at(-1)?.id ?? afterId, latestId: latest._max.id ?? 0 });
  });
  return router;
}
