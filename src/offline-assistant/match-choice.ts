import type { InboundTurnMessage } from '../conversation/index.js';

/** One option offered to the customer (a button, a list row, or a numbered line). */
export interface Choice {
  id: string;
  title: string;
  /** Extra words that select it ("cancelar", "corte"), already normalized. */
  keywords?: string[];
}

/** The id after `prefix` of a chosen list row ("svc:12" → "12"), or null when another kind of option was chosen. */
export const idAfter = (choice: Choice | null, prefix: string): string | null =>
  choice?.id.startsWith(prefix) ? choice.id.slice(prefix.length) : null;

/** Lower case, no accents, single spaces, punctuation other than `:` `/` `-` dropped. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9:/\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const words = (text: string) => normalize(text).split(' ').filter(Boolean);

/**
 * Which offered choice a message picks: the interactive reply id, a typed number ("2",
 * "opção 2"), the title itself, or a keyword/title word found in the text. Returns null
 * when nothing or more than one choice matches: an ambiguous answer is asked again.
 */
export function matchChoice(message: Pick<InboundTurnMessage, 'text' | 'replyId'>, choices: Choice[]): Choice | null {
  if (message.replyId) {
    const byId = choices.find((choice) => choice.id === message.replyId);
    if (byId) return byId;
  }
  const text = normalize(message.text ?? '');
  if (!text) return null;
  const number = /^(?:opcao |numero |n )?(\d{1,2})$/.exec(text);
  if (number) return choices[Number(number[1]) - 1] ?? null;
  const exact = choices.find((choice) => normalize(choice.title) === text);
  if (exact) return exact;
  const said = new Set(words(text));
  const matching = choices.filter(
    (choice) =>
      (choice.keywords ?? []).some((keyword) => (keyword.includes(' ') ? text.includes(keyword) : said.has(keyword))) ||
      words(choice.title).some((word) => word.length >= 4 && said.has(word)),
  );
  return matching.length === 1 ? (matching[0] ?? null) : null;
}

export type Command = 'menu' | 'back' | 'human' | 'greeting';

const GREETINGS = ['oi', 'oie', 'ola', 'bom dia', 'boa tarde', 'boa noite', 'e ai', 'hello', 'hi', 'eai', 'opa'];

/**
 * Words that mean the same at every step: back to the main menu, one step back, talk to a
 * person. A short greeting ("oi", "bom dia!") also restarts at the main menu.
 */
export function detectCommand(text: string | null): Command | null {
  const normalized = normalize(text ?? '');
  if (!normalized) return null;
  if (/^(menu|inicio|menu principal|comecar|recomecar|voltar ao menu|voltar para o menu)$/.test(normalized)) return 'menu';
  if (/^(voltar|volta|anterior)$/.test(normalized)) return 'back';
  if (/\b(atendente|humano|humana|pessoa|alguem da equipe|falar com alguem)\b/.test(normalized)) return 'human';
  const greeting = GREETINGS.some((word) => normalized === word || normalized.startsWith(`${word} `));
  if (greeting && normalized.split(' ').length <= 4) return 'greeting';
  return null;
}

/** "sim" / "não" in their usual typed forms; null when the text is neither. */
export function parseYesNo(text: string | null): 'yes' | 'no' | null {
  const normalized = normalize(text ?? '');
  if (
    /^(s|sim|ss|isso|ok|okay|pode|pode ser|confirmo|confirmar|confirma|claro|certo|beleza|fechado|sim confirmar|sim cancelar)\b/.test(
      normalized,
    )
  ) {
    return 'yes';
  }
  if (/^(n|nao|nope|negativo|mudar|outro|outra|trocar)\b/.test(normalized)) return 'no';
  return null;
}
