import { Prisma, type Queryable } from '../db/index.js';

/** Position after which the next page starts: the last item's latest activity and id. */
export interface ConversationListCursor {
  lastMessageAt: Date;
  id: number;
}

/**
 * Extra narrowing of the inbox: `mine` (claimed by the staff account `staffId`), `unassigned` (nobody has
 * claimed it: the bot handles it or it waits in the queue), `waiting` (a pending handoff:
 * the customer waits for a person).
 */
export type ConversationListFilter = 'mine' | 'unassigned' | 'waiting';

/**
 * Where a conversation stands: `open` (the bot handles it), `pending` (waiting for a person),
 * `claimed` (a person holds it), `closed` (a person resolved it without giving it back to the bot).
 */
export type ConversationStatus = 'open' | 'pending' | 'claimed' | 'closed';

export interface ConversationListItem {
  id: number;
  customer: { id: number; name: string | null; waId: string | null; username: string | null };
  /** the latest message's time (the conversation's creation time before any message) */
  lastMessageAt: Date;
  /** `staff` while a handoff is open (pending or claimed): the bot is silent; `bot` otherwise */
  handledBy: 'bot' | 'staff';
  status: ConversationStatus;
  openHandoff: {
    id: number;
    status: 'pending' | 'claimed';
    reason: string;
    attendant: string | null;
    attendantStaffId: number | null;
  } | null;
  /** the customer's messages since the last reply (bot or person) */
  unread: number;
  lastMessage: { direction: string; author: string; type: string; text: string | null } | null;
}

export interface ConversationListQuery {
  tenantId: number;
  /** a name, a phone fragment in any format, or a word of a message */
  q?: string | undefined;
  handledBy?: 'bot' | 'staff' | undefined;
  filter?: ConversationListFilter | undefined;
  status?: ConversationStatus | undefined;
  /** whose chats `mine` means: a staff account (handoffs.attendant_staff_id) */
  staffId?: number | null | undefined;
  limit: number;
  after?: ConversationListCursor | null | undefined;
}

interface Row {
  id: number;
  customer_id: number;
  customer_name: string | null;
  wa_id: string | null;
  username: string | null;
  last_message_at: Date;
  closed_at: Date | null;
  handoff_id: number | null;
  handoff_status: 'pending' | 'claimed' | null;
  handoff_reason: string | null;
  handoff_attendant: string | null;
  handoff_attendant_staff_id: number | null;
  unread: number;
  last_direction: string | null;
  last_author: string | null;
  last_type: string | null;
  last_text: string | null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Digits of a phone fragment typed in any format ("(11) 98765-4", "+55 11 9876"); null when too short to mean a phone. */
function phoneDigitsOf(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  return digits.length >= 4 && /^[\d\s()+.-]+$/.test(text.trim()) ? digits : null;
}

function searchCondition(q: string | undefined): Prisma.Sql {
  const text = q?.trim();
  if (!text) return Prisma.empty;
  const pattern = likePattern(text);
  const digits = phoneDigitsOf(text);
  const byPhone = digits ? Prisma.sql`OR cu.wa_id LIKE ${likePattern(digits)}` : Prisma.empty;
  return Prisma.sql`AND (
    cu.name ILIKE ${pattern} OR cu.username ILIKE ${pattern} ${byPhone}
    OR EXISTS (SELECT 1 FROM messages m WHERE m.tenant_id = c.tenant_id AND m.conversation_id = c.id AND m.text ILIKE ${pattern})
  )`;
}

function filterCondition(query: ConversationListQuery): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (query.handledBy === 'staff') parts.push(Prisma.sql`AND h.id IS NOT NULL`);
  if (query.handledBy === 'bot') parts.push(Prisma.sql`AND h.id IS NULL`);
  if (query.filter === 'mine') parts.push(Prisma.sql`AND h.status = 'claimed' AND h.attendant_staff_id = ${query.staffId ?? null}::int`);
  if (query.filter === 'unassigned') parts.push(Prisma.sql`AND (h.id IS NULL OR h.status = 'pending')`);
  if (query.filter === 'waiting') parts.push(Prisma.sql`AND h.status = 'pending'`);
  if (query.status === 'open') parts.push(Prisma.sql`AND h.id IS NULL AND c.closed_at IS NULL`);
  if (query.status === 'pending' || query.status === 'claimed') parts.push(Prisma.sql`AND h.status = ${query.status}`);
  if (query.status === 'closed') parts.push(Prisma.sql`AND h.id IS NULL AND c.closed_at IS NOT NULL`);
  return parts.length === 0 ? Prisma.empty : Prisma.join(parts, ' ');
}

/**
 * One page of a tenant's conversations, latest activity first (then id), with who handles
 * each one, its open handoff, the customer's unanswered messages and the latest message.
 * Keyset pagination: pass the returned `next` as `after`; null on the last page. Only the
 * tenant's own rows are read.
 */
export async function listConversations(
  db: Queryable,
  query: ConversationListQuery,
): Promise<{ items: ConversationListItem[]; next: ConversationListCursor | null }> {
  const after = query.after
    ? Prisma.sql`WHERE (page.last_message_at, page.id) < (${query.after.lastMessageAt}::timestamptz, ${query.after.id}::int)`
    : Prisma.empty;
  const rows = await db.$queryRaw<Row[]>`
    SELECT * FROM (
      SELECT c.id, c.customer_id, cu.name AS customer_name, cu.wa_id, cu.username,
             COALESCE(last.created_at, c.created_at) AS last_message_at, c.closed_at,
             h.id AS handoff_id, h.status AS handoff_status, h.reason AS handoff_reason, h.attendant AS handoff_attendant, h.attendant_staff_id AS handoff_attendant_staff_id,
             (SELECT count(*)::int FROM messages m
               WHERE m.tenant_id = c.tenant_id AND m.conversation_id = c.id AND m.direction = 'inbound'
                 AND m.id > COALESCE((SELECT max(o.id) FROM messages o
                   WHERE o.tenant_id = c.tenant_id AND o.conversation_id = c.id AND o.direction = 'outbound'), 0)) AS unread,
             last.direction AS last_direction, last.author AS last_author, last.type AS last_type, last.text AS last_text
      FROM conversations c
      JOIN customers cu ON cu.id = c.customer_id AND cu.tenant_id = c.tenant_id
      LEFT JOIN handoffs h ON h.conversation_id = c.id AND h.tenant_id = c.tenant_id AND h.status IN ('pending', 'claimed')
      LEFT JOIN LATERAL (
        SELECT m.created_at, m.direction, m.author, m.type, m.text FROM messages m
        WHERE m.tenant_id = c.tenant_id AND m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1
      ) last ON true
      WHERE c.tenant_id = ${query.tenantId} ${searchCondition(query.q)} ${filterCondition(query)}
    ) page
    ${after}
    ORDER BY page.last_message_at DESC, page.id DESC
    LIMIT ${query.limit + 1}`;
  const items = rows.slice(0, query.limit).map(toItem);
  const last = items.at(-1);
  return { items, next: rows.length > query.limit && last ? { lastMessageAt: last.lastMessageAt, id: last.id } : null };
}

function toItem(row: Row): ConversationListItem {
  return {
    id: row.id,
    customer: { id: row.customer_id, name: row.customer_name, waId: row.wa_id, username: row.username },
    lastMessageAt: row.last_message_at,
    handledBy: row.handoff_id === null ? 'bot' : 'staff',
    status: row.handoff_status ?? (row.closed_at ? 'closed' : 'open'),
    openHandoff:
      row.handoff_id !== null && row.handoff_status !== null && row.handoff_reason !== null
        ? {
            id: row.handoff_id,
            status: row.handoff_status,
            reason: row.handoff_reason,
            attendant: row.handoff_attendant,
            attendantStaffId: row.handoff_attendant_staff_id,
          }
        : null,
    unread: row.unread,
    lastMessage:
      row.last_direction !== null && row.last_author !== null && row.last_type !== null
        ? { direction: row.last_direction, author: row.last_author, type: row.last_type, text: row.last_text }
        : null,
  };
}
