import { Router } from 'express';
import type { Db } from '../db/index.js';
import { buildCalendarFeed, findCalendarFeed, loadCalendarFeed } from '../scheduling/calendar-feed/index.js';
import { AppError, type Clock } from '../shared/index.js';

/** `<PUBLIC_URL>/calendar/<token>.ics`: a professional's feed address. */
export function calendarFeedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/calendar/${token}.ics`;
}

/**
 * `GET /calendar/:token.ics`, outside `/admin`: the token in the URL is the credential
 * (calendar apps cannot send an API key). An unknown, malformed or revoked token answers
 * 404 like any missing page. The feed is RFC 5545 text (see buildCalendarFeed); it is never
 * cached by intermediaries.
 */
export function createCalendarFeedRouter(deps: { db: Db; clock: Clock; config: { PUBLIC_URL: string } }): Router {
  const router = Router();
  const host = new URL(deps.config.PUBLIC_URL).hostname;
  router.get('/calendar/:token.ics', async (request, response) => {
    const feed = await findCalendarFeed(deps.db, request.params.token);
    if (!feed) throw new AppError('not_found', 'calendar not found', 404);
    const { appointments, blocks } = await loadCalendarFeed(deps.db, {
      tenantId: feed.tenantId,
      professionalId: feed.professional.id,
      now: deps.clock.now(),
    });
    const text = buildCalendarFeed({
      host,
      tenantName: feed.tenantName,
      timezone: feed.timezone,
      professionalName: feed.professional.name,
      appointments,
      blocks,
    });
    response
      .status(200)
      .set('Content-Type', 'text/calendar; charset=utf-8')
      .set('Cache-Control', 'private, no-store')
      .set('Referrer-Policy', 'no-referrer')
      .send(text);
  });
  return router;
}
