import type { ConversationListCursor } from '../handoff/index.js';
import { AppError } from '../shared/index.js';

/** Opaque `nextCursor` of the conversation list: base64url of the last item's latest activity and id. */
export function encodeConversationCursor(cursor: ConversationListCursor): string {
  return Buffer.from(`${cursor.lastMessageAt.toISOString()}|${cursor.id}`, 'utf8').toString('base64url');
}

const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);
const MAX_ID = 2_147_483_647;

/** Reads a cursor made by `encodeConversationCursor`; throws a 400 naming `query.cursor` otherwise. */
export function decodeConversationCursor(text: string): ConversationListCursor {
  const [iso, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const lastMessageAt = new Date(iso ?? '');
  const numericId = Number(id);
  const time = lastMessageAt.getTime();
  if (Number.isNaN(time) || time < EARLIEST || time > LATEST || !Number.isInteger(numericId) || numericId <= 0 || numericId > MAX_ID) {
    throw new AppError('invalid_request', 'invalid request: query.cursor', 400, [
      { path: 'query.cursor', message: 'not a cursor returned by this endpoint (use nextCursor as given)' },
    ]);
  }
  return { lastMessageAt, id: numericId };
}
