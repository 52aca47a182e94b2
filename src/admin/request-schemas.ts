import { z } from 'zod';
import { HANDOFF_STATUSES } from '../handoff/index.js';
import { cleanDisplayName } from '../shared/index.js';

const MAX_INT4 = 2_147_483_647;

/** `:id` route parameters: a positive database id. */
export const idParamsSchema = z.object({
  id: z.coerce.number({ error: 'expected a positive integer id' }).int().positive().max(MAX_INT4),
});

// PostgreSQL text cannot hold NUL: refused here with a 400 instead of failing the insert with a 500.
const withoutNul = (value: string) => !value.includes('\u0000');
const NUL_MESSAGE = 'must not contain NUL (\\u0000) characters';

// Bounded and cleaned (control characters, newlines) here: the name reaches the model's context.
const attendantName = z
  .string()
  .max(200, 'attendant name is too long (at most 200 characters)')
  .refine(withoutNul, NUL_MESSAGE)
  .transform(cleanDisplayName)
  .pipe(z.string().min(1, 'attendant name must not be empty'));

/** `GET /admin/handoffs`: status (default `pending`), page size, and the cursor of the previous page. */
export const listHandoffsQuerySchema = z.object({
  status: z.enum(HANDOFF_STATUSES).default('pending'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(200).optional(),
});

/** `POST /admin/handoffs/:id/claim`: `attendant` is required with an API key; a console session claims in its own name. */
export const claimBodySchema = z.object({ attendant: attendantName.optional() });

/** `POST /admin/handoffs/:id/resolve`: `returnToBot` true gives the chat back to the bot, false closes it (the bot stays silent). */
export const resolveBodySchema = z.object({
  returnToBot: z.boolean({ error: 'expected true (the bot answers again) or false (close the chat: the bot stays silent)' }),
});

/** `POST /admin/conversations/:id/assign`: the colleague (a staff account of the tenant) who takes the chat. */
export const assignBodySchema = z.object({ staffId: z.number({ error: 'expected a staff account id' }).int().positive() });

/** `POST /admin/conversations/:id/messages`: `attendant` defaults to whoever claimed the open handoff. */
export const sendMessageBodySchema = z.object({
  text: z.string().trim().min(1, 'text must not be empty').max(4096).refine(withoutNul, NUL_MESSAGE),
  attendant: attendantName.optional(),
});

/** `GET /admin/conversations/:id`: how many of the latest messages to return. */
export const readConversationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'expected an ISO date (YYYY-MM-DD, a day in the tenant time zone) or date-time with offset',
});

/** `GET /admin/stats/handoff-reasons`: the half-open period `[from, to)`. */
export const statsQuerySchema = z.object({ from: dateOrDateTime, to: dateOrDateTime });

/** `GET /admin/conversations`: search, who handles it, the inbox's extra filters, page size and the previous page's cursor. */
export const listConversationsQuerySchema = z.object({
  q: z.string().max(100).refine(withoutNul, NUL_MESSAGE).optional(),
  handledBy: z.enum(['bot', 'staff']).optional(),
  filter: z.enum(['mine', 'unassigned', 'waiting']).optional(),
  status: z.enum(['open', 'pending', 'claimed', 'closed']).optional(),
  /** `me` is `filter=mine`, `none` is `filter=unassigned` */
  assignee: z.enum(['me', 'none']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  cursor: z.string().min(1).max(200).optional(),
});

/** `POST /admin/conversations/:id/notes`: the note; `attendant` names the author when calling with an API key. */
export const noteBodySchema = z.object({
  text: z.string().trim().min(1, 'text must not be empty').max(4096).refine(withoutNul, NUL_MESSAGE),
  attendant: attendantName.optional(),
});

/** `POST /admin/quick-replies`: `{shortcut, text}` (the same shortcut again replaces its text). */
export { quickReplySchema as quickReplyBodySchema } from '../tenant/index.js';
