/**
 * The text cut back to its last complete sentence (ending in `.`, `!`, `?` or `…`, or a
 * line break), for an answer that hit `max_tokens` mid-sentence. When not even one
 * sentence is complete, the trimmed text with an ellipsis, so the customer still gets it.
 */
export function lastCompleteSentence(text: string): string {
  const trimmed = text.trimEnd();
  let cut = -1;
  for (const match of trimmed.matchAll(/[.!?…](?=\s|$)|\n/gu)) cut = match.index + match[0].length;
  if (cut > 0) return trimmed.slice(0, cut).trim();
  return trimmed ? `${trimmed.trim()}…` : '';
}
