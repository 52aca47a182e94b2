import type { HandoffQueueCursor } from '../handoff/index.js';
import { AppError } from '../shared/index.js';

/** Opaque `nextCursor` of the queue listing: base64url of the last item's creation time and id. */
export function encodeHandoffCursor(cursor: HandoffQueueCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`, 'utf8').toString('base64url');
}

/** Reads a cursor made by `encodeHandoffCursor`; throws a 400 naming `query.cursor` otherwise. */
export function decodeHandoffCursor(text: string): HandoffQueueCursor {
  const [iso, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  const numericId = Number(id);
  if (Number.isNaN(createdAt.getTime()) || !Number.isInteger(numericId) || numericId <= 0) {
    throw new AppError('invalid_request', 'invalid request: query.cursor', 400, [
      { path: 'query.cursor', message: 'not a cursor returned by this endpoint (use nextCursor as given)' },
    ]);
  }
  return { createdAt, id: numericId };
}
