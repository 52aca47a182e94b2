import express, { Router } from 'express';
import { findStaffSession } from '../auth/index.js';
import type { Db } from '../db/index.js';
import type { Clock } from '../shared/index.js';
import { CONSOLE_ASSETS_DIR, readConsoleIndex } from './console-assets.js';
import { sessionTokenOf } from './console-session.js';

/** Client-side pages of the console (History API paths); anything else under /console is 404. */
const PAGES = [
  /^\/$/,
  /^\/entrar$/,
  /^\/senha$/,
  /^\/agenda$/,
  /^\/estatisticas$/,
  /^\/equipe$/,
  /^\/ajustes$/,
  /^\/ajustes\/recursos$/,
  /^\/resumo$/,
];

/** Pages of one row: a signed-in person asking for another tenant's (or a missing) row gets the 404 page. */
const ROW_PAGES = [
  { pattern: /^\/conversas\/(\d{1,10})$/, kind: 'conversation' },
  { pattern: /^\/clientes\/(\d{1,10})$/, kind: 'customer' },
] as const;

const NOT_FOUND_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Página não encontrada</title></head>
<body><main><h1>Página não encontrada</h1><p><a href="/console">Voltar ao console</a></p></main></body></html>`;

/**
 * The console's page and its hashed assets. Every page path answers the same HTML (the
 * app routes on the client), except a conversation or customer of another tenant (or none),
 * which is a 404 for a signed-in person, exactly like the API.
 */
export function createPageRoutes(deps: { db: Db; clock: Clock; publicUrl: string | undefined }): Router {
  const router = Router();
  let cached: string | null = null;
  const index = () => {
    cached ??= readConsoleIndex();
    return cached;
  };

  router.use(
    '/assets',
    express.static(`${CONSOLE_ASSETS_DIR}/assets`, { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );

  router.get(/.*/, async (request, response, next) => {
    const rowPage = ROW_PAGES.map(({ pattern, kind }) => ({ kind, match: pattern.exec(request.path) })).find((page) => page.match);
    if (!rowPage && !PAGES.some((pattern) => pattern.test(request.path))) {
      next();
      return;
    }
    if (rowPage?.match) {
      const id = Number(rowPage.match[1]);
      const token = sessionTokenOf(request, deps.publicUrl);
      const principal = token ? await findStaffSession(deps.db, token, deps.clock.now()) : null;
      if (principal) {
        const where = { id, tenantId: principal.tenantId };
        const own =
          rowPage.kind === 'conversation'
            ? await deps.db.conversation.findFirst({ where, select: { id: true } })
            : await deps.db.customer.findFirst({ where, select: { id: true } });
        if (!own) {
          response.status(404).type('html').send(NOT_FOUND_PAGE);
          return;
        }
      }
    }
    const html = index();
    if (!html) {
      response.status(503).type('text').send('console not built: run `npm run build`');
      return;
    }
    response.set('Cache-Control', 'no-store').type('html').send(html);
  });

  router.use((_request, response) => {
    response.status(404).type('html').send(NOT_FOUND_PAGE);
  });
  return router;
}
