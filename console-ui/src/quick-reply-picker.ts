import type { QuickReply } from '../../src/contract/index.js';

/** A "/word" being typed at the end of the reply (after a space or at the start): the shortcut typed so far, or null. */
export function typedShortcut(text: string): { start: number; typed: string } | null {
  const match = /(^|\s)\/([a-z0-9_-]*)$/i.exec(text);
  if (!match) return null;
  return { start: match.index + (match[1] ?? '').length, typed: (match[2] ?? '').toLowerCase() };
}

/** The quick replies whose shortcut starts with what was typed (then those that contain it). */
export function matchingQuickReplies(replies: readonly QuickReply[], typed: string): QuickReply[] {
  const starts = replies.filter((reply) => reply.shortcut.startsWith(typed));
  const contains = replies.filter((reply) => !reply.shortcut.startsWith(typed) && reply.shortcut.includes(typed));
  return [...starts, ...contains];
}

/** The reply with its "/word" replaced by the quick reply's text. */
export function insertQuickReply(text: string, start: number, reply: QuickReply): string {
  return `${text.slice(0, start)}${reply.text}`;
}
