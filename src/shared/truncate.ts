/** `text` at most `max` characters long: when longer, cut to `max - 1` and ended with "…" (list titles, button labels). */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
