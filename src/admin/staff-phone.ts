/**
 * A customer's WhatsApp number as staff see it: in full, E.164 (`5511987654321` →
 * `+5511987654321`), so an attendant can tell customers apart and call them back. Null for a
 * username-only customer. Only API bodies carry it: logs never do.
 */
export function staffPhone(waId: string | null): string | null {
  if (!waId) return null;
  return `+${waId.replace(/\D/g, '')}`;
}
