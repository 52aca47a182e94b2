import type { InboundTurnMessage } from '../conversation/index.js';
import type { Db } from '../db/index.js';
import type { ReminderReference } from '../reminders/index.js';
import { cleanDisplayName, OWNER_APP_ATTENDANT } from '../shared/index.js';
import { boundTurn, type TurnLimits } from './bound-turn.js';
import { describeCustomerContent, loadQuotedTexts, repliedToIdOf } from './describe-customer-message.js';
import { describeReminderReference } from './describe-reminder-reference.js';
import type { TextBlockParam } from './model-types.js';

/** The defaults of AGENT_TURN_MAX_MESSAGES / AGENT_TURN_MAX_CHARS. */
export const DEFAULT_TURN_LIMITS: TurnLimits = { turnMaxMessages: 20, turnMaxChars: 8000 };

/** On a conversation's first run, how many earlier messages (e.g. from the offline assistant era) are carried over. */
const FIRST_RUN_BACKLOG = 20;

/**
 * Longest message text the model sees (WhatsApp's own limit for a text message). Longer text
 * (a forged or pasted wall of text) is cut, so one message cannot eat the run's input-token
 * budget, nor stay in every later request through the history.
 */
const MODEL_MESSAGE_MAX_CHARS = 4096;

const MEDIA_LABELS: Record<string, string> = {
  image: 'uma imagem',
  audio: 'um áudio',
  video: 'um vídeo',
  document: 'um documento',
  sticker: 'uma figurinha',
  location: 'uma localização',
  contacts: 'um contato',
  reaction: 'uma reação',
};

/**
 * The user turn that opens a run: every customer message and every attendant message of
 * the conversation after the history's watermark, up to the newest message this run
 * answers, oldest first. Attendant messages are marked as such, so after a handoff the
 * model knows what the attendant told the customer. A message that answers a reminder (see
 * InboundTurnMessage.reminder) opens with a note naming that appointment. Bounded by `limits` (see boundTurn).
 * Returns null when there is nothing new (a duplicate job).
 */
export async function buildInboundTurn(
  db: Db,
  scope: { tenantId: number; conversationId: number; watermark: number },
  inbound: InboundTurnMessage[],
  limits: TurnLimits = DEFAULT_TURN_LIMITS,
): Promise<{ content: TextBlockParam[]; lastMessageId: number } | null> {
  const newestId = Math.max(0, ...inbound.map((message) => message.id));
  const rows = await db.message.findMany({
    where: {
      tenantId: scope.tenantId,
      conversationId: scope.conversationId,
      id: { gt: scope.watermark, lte: newestId },
      OR: [{ direction: 'inbound', author: 'customer' }, { author: 'attendant' }],
    },
    orderBy: { id: 'desc' },
    take: scope.watermark === 0 ? FIRST_RUN_BACKLOG : undefined,
    select: { id: true, author: true, type: true, text: true, attendant: true, payload: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  // The caller's messages are stored already; merging them in guards against a caller that passes more than the query sees.
  for (const message of inbound) {
    if (message.id > scope.watermark && !byId.has(message.id)) {
      byId.set(message.id, { id: message.id, author: 'customer', type: message.type, text: message.text, attendant: null, payload: null });
    }
  }
  const ordered = [...byId.values()].sort((left, right) => left.id - right.id);
  if (ordered.length === 0) return null;
  const quoted = await loadQuotedTexts(
    db,
    scope,
    ordered.flatMap((row) => repliedToIdOf(row.payload) ?? []),
  );
  const reminders = new Map(inbound.flatMap((message) => (message.reminder ? [[message.id, message.reminder] as const] : [])));
  const described = ordered.map((row) => {
    const reminder = reminders.get(row.id);
    if (reminder) return withReminderNote(row, reminder);
    const repliedTo = repliedToIdOf(row.payload);
    return describeMessage(row, repliedTo ? (quoted.get(repliedTo) ?? null) : null);
  });
  // A flood of messages becomes a bounded turn (a note says what was left out): it stays in every later request's history.
  const content = boundTurn(described, limits).map((text): TextBlockParam => ({ type: 'text', text }));
  return { content, lastMessageId: Math.max(newestId, ...ordered.map((row) => row.id)) };
}

function describeMessage(
  message: { author: string; type: string; text: string | null; attendant: string | null },
  quoted: string | null,
): string {
  if (message.author === 'attendant' && message.attendant === OWNER_APP_ATTENDANT) {
    return `[Mensagem do dono do negócio ao cliente, pelo aplicativo WhatsApp Business]: ${bounded(message.text ?? '')}`;
  }
  if (message.author === 'attendant') {
    const name = message.attendant ? cleanDisplayName(message.attendant) : '';
    const who = name ? `da atendente ${name}` : 'de uma atendente';
    return `[Mensagem ${who} ao cliente]: ${bounded(message.text ?? '')}`;
  }
  if (message.text?.trim()) {
    const text = bounded(message.text);
    return describeCustomerContent({ type: message.type, text }, quoted) ?? text;
  }
  const label = MEDIA_LABELS[message.type] ?? 'uma mensagem sem texto';
  return `[O cliente enviou ${label}, que não consigo ver nem ouvir. Peça que escreva em texto.]`;
}

/** A message about a reminder: the note naming its appointment, then what the customer wrote (a tap's button title says nothing more). */
function withReminderNote(message: { type: string; text: string | null }, reminder: ReminderReference): string {
  const note = describeReminderReference(reminder);
  if (reminder.via.kind === 'tap' || !message.text?.trim()) return note;
  return `${note} ${bounded(message.text)}`;
}

function bounded(text: string): string {
  if (text.length <= MODEL_MESSAGE_MAX_CHARS) return text;
  // Never end on half of a surrogate pair (an emoji): the request must stay valid UTF-8.
  const cut = text.slice(0, MODEL_MESSAGE_MAX_CHARS).replace(/[\uD800-\uDBFF]$/, '');
  return `${cut}\n[… mensagem cortada: o cliente escreveu ${text.length} caracteres; responda ao trecho acima e, se precisar, peça um resumo.]`;
}
