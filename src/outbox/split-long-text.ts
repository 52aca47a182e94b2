/** WhatsApp's limit for a text message body. */
export const WHATSAPP_TEXT_LIMIT = 4096;

/**
 * Splits `text` into parts of at most `limit` characters, cutting at the last line break,
 * else the last sentence end, else the last space of each window (never in the first half,
 * so a part is never tiny), and only as a last resort in the middle of a word. Never splits
 * a surrogate pair. Text within the limit comes back as one part; empty text as none.
 */
export function splitLongText(text: string, limit = WHATSAPP_TEXT_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const cut = findCut(rest.slice(0, limit + 1), limit);
    const part = rest.slice(0, cut).trimEnd();
    if (part) parts.push(part);
    rest = rest.slice(cut).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

function findCut(window: string, limit: number): number {
  const floor = Math.floor(limit / 2);
  const lineBreak = window.lastIndexOf('\n', limit);
  if (lineBreak >= floor) return lineBreak + 1;
  let sentenceEnd = -1;
  for (const match of window.matchAll(/[.!?…](?=\s)/g)) {
    if (match.index + 1 <= limit) sentenceEnd = match.index + 1;
  }
  if (sentenceEnd >= floor) return sentenceEnd;
  const space = window.lastIndexOf(' ', limit);
  if (space >= floor) return space + 1;
  const code = window.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}
