import type { HandoffQueueCursor } from '../handoff/index.js';
import { AppError } from '../shared/index.js';

/** Opaque `nextCursor` of the queue listing: base64url of the last item's creation time and id. */
export function encodeHandoffCursor(cursor: HandoffQueueCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`, 'utf8').toString('base64url');
}

const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);
const MAX_ID = 2_147_483_647;

/** Reads a cursor made by `encodeHandoffCursor`; throws a 400 naming `query.cursor` otherwise. */
export function decodeHandoffCursor(text: string): HandoffQueueCursor {
  const [iso, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  const numericId = Number(id);
  // Bounded to what the columns hold (timestamptz years, int4 ids): a tampered cursor is a 400, never a database error.
  const time = createdAt.getTime();
  if (Number.isNaN(time) || time < EARLIEST || time > LATEST || !Number.isInteger(numericId) || numericId <= 0 || numericId > MAX_ID) {
    throw new AppError('invalid_request', 'invalid request: query.cursor', 400, [
      { path: 'query.cursor', message: 'not a cursor returned by this endpoint (use nextCursor as given)' },
    ]);
  }
  return { createdAt, id: numericId };
}
