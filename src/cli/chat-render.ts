import type { OutboundReply } from '../shared/index.js';
import type { SandboxOutboxMessage } from '../whatsapp/index.js';

/** An option the customer can pick by typing its number. */
export interface NumberedOption {
  kind: 'button_reply' | 'list_reply';
  id: string;
  title: string;
  description?: string;
  waMessageId: string;
}

/**
 * One outbound message as a person would read it on the phone: who wrote it, the text, and
 * buttons or list rows as numbered options. Returns the options so a typed number can pick one.
 */
export function renderOutboundMessage(message: SandboxOutboxMessage): { lines: string[]; options: NumberedOption[] } {
  const who = message.author === 'attendant' ? `👤 ${message.attendant ?? 'Atendente'}` : message.author === 'system' ? 'ℹ️ ' : '🤖';
  const lines = `${message.text ?? ''}`.split('\n');
  const out = [`${who} ${lines[0] ?? ''}`, ...lines.slice(1).map((line) => `   ${line}`)];
  if (message.status === 'failed') out.push('   (falhou ao enviar)');
  const options = optionsOf(message.interactive, `sandbox.${message.id}`);
  if (message.interactive?.type === 'list') out.push(`   [${message.interactive.buttonLabel}]`);
  options.forEach((option, index) => {
    out.push(`   ${index + 1}) ${option.title}${option.description ? ` — ${option.description}` : ''}`);
  });
  return { lines: out, options };
}

function optionsOf(interactive: OutboundReply | null, waMessageId: string): NumberedOption[] {
  if (!interactive || interactive.type === 'text') return [];
  if (interactive.type === 'buttons') {
    return interactive.buttons.map((button) => ({ kind: 'button_reply', id: button.id, title: button.title, waMessageId }));
  }
  return interactive.sections.flatMap((section) =>
    section.rows.map((row) => ({
      kind: 'list_reply' as const,
      id: row.id,
      title: row.title,
      ...(row.description ? { description: row.description } : {}),
      waMessageId,
    })),
  );
}
