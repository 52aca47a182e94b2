import { z } from 'zod';
import type { Queryable } from '../db/index.js';

/** What follows "/" in the console's reply box: lower-case letters, digits, - and _ (the table's CHECK says the same). */
export const quickReplyShortcutSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,40}$/, 'shortcut: 1 to 40 lower-case letters without accents, digits, - or _ (e.g. "endereco")');

/** One canned answer, as in the tenant file's `quickReplies` and the body of `POST /admin/quick-replies`. */
export const quickReplySchema = z.strictObject({
  shortcut: quickReplyShortcutSchema,
  text: z
    .string()
    .trim()
    .min(1, 'text must not be empty')
    .max(4096, 'text: at most 4096 characters (a WhatsApp text message)')
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL (\\u0000) characters'),
});

export type QuickReplyInput = z.output<typeof quickReplySchema>;

export interface QuickReplyView {
  id: number;
  shortcut: string;
  text: string;
  updatedAt: Date;
}

const SELECTED = { id: true, shortcut: true, text: true, updatedAt: true } as const;

/** The tenant's quick replies, by shortcut. */
export function listQuickReplies(db: Queryable, tenantId: number): Promise<QuickReplyView[]> {
  return db.quickReply.findMany({ where: { tenantId }, orderBy: { shortcut: 'asc' }, select: SELECTED });
}

/** Creates a quick reply, or replaces the text of the one with the same shortcut (`created: false`). */
export async function saveQuickReply(
  db: Queryable,
  request: { tenantId: number } & QuickReplyInput,
): Promise<{ quickReply: QuickReplyView; created: boolean }> {
  const existing = await db.quickReply.findFirst({
    where: { tenantId: request.tenantId, shortcut: request.shortcut },
    select: { id: true },
  });
  const quickReply = await db.quickReply.upsert({
    where: { tenantId_shortcut: { tenantId: request.tenantId, shortcut: request.shortcut } },
    create: { tenantId: request.tenantId, shortcut: request.shortcut, text: request.text },
    update: { text: request.text },
    select: SELECTED,
  });
  return { quickReply, created: !existing };
}

/**
 * The tenant file's `quickReplies`: each is created or its text replaced (an unchanged one is
 * left alone, so re-importing changes no row). Replies staff added in the console and absent
 * from the file stay.
 */
export async function syncQuickReplies(tx: Queryable, tenantId: number, entries: readonly QuickReplyInput[]): Promise<void> {
  const current = new Map((await listQuickReplies(tx, tenantId)).map((reply) => [reply.shortcut, reply.text]));
  for (const entry of entries) {
    if (current.get(entry.shortcut) === entry.text) continue;
    await saveQuickReply(tx, { tenantId, ...entry });
  }
}
