import { estimateTokens } from './estimate-request-tokens.js';

export interface TurnLimits {
  /** most messages one turn shows the model (AGENT_TURN_MAX_MESSAGES) */
  turnMaxMessages: number;
  /** most characters one turn shows the model (AGENT_TURN_MAX_CHARS) */
  turnMaxChars: number;
}

/** Below this many characters left, an older message is left out rather than clipped to a stub. */
const MIN_CLIP_CHARS = 200;

/**
 * What one turn shows the model of a burst of messages (each already described as text,
 * oldest first): the newest ones, at most `turnMaxMessages` and `turnMaxChars` in all (the
 * oldest one kept may be clipped; the newest is always there, clipped if it alone is too
 * long), preceded by a note for the model saying how much was left out. Everything stays
 * stored; only the request is bounded, and so is the history entry it becomes.
 */
export function boundTurn(texts: string[], limits: TurnLimits): string[] {
  const kept: string[] = [];
  let used = 0;
  let clipped = false;
  for (let index = texts.length - 1; index >= 0 && kept.length < limits.turnMaxMessages; index--) {
    const text = texts[index] as string;
    const room = limits.turnMaxChars - used;
    if (text.length <= room) {
      kept.unshift(text);
      used += text.length;
      continue;
    }
    if (kept.length === 0 || room >= MIN_CLIP_CHARS) {
      kept.unshift(`${clip(text, Math.max(room, MIN_CLIP_CHARS))}\n[… cortada]`);
      clipped = true;
    }
    break;
  }
  const omitted = texts.length - kept.length;
  if (omitted === 0 && !clipped) return kept;
  const totalChars = texts.reduce((sum, text) => sum + text.length, 0);
  const note =
    `[Nota do sistema: o cliente enviou ${texts.length} mensagens seguidas (${totalChars} caracteres). Para caber, ` +
    (omitted > 0 ? `as ${omitted} mais antigas foram omitidas e ` : '') +
    `só ${kept.length === 1 ? 'a mais recente aparece' : `as ${kept.length} mais recentes aparecem`} abaixo${clipped ? ', com a mais antiga delas cortada' : ''}. ` +
    'Todas estão guardadas. Responda ao que está abaixo; se faltar algo, peça ao cliente um resumo curto.]';
  return [note, ...kept];
}

/** The tokens a turn's texts are estimated to cost (see estimateTokens). */
export function estimateTurnTokens(texts: string[]): number {
  return texts.reduce((sum, text) => sum + estimateTokens(text), 0);
}

function clip(text: string, length: number): string {
  // Never end on half of a surrogate pair (an emoji): the request must stay valid UTF-8.
  return text.slice(0, length).replace(/[\uD800-\uDBFF]$/, '');
}
