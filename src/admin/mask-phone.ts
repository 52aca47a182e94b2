/**
 * A customer's WhatsApp number with the middle digits hidden (`5511987654321` →
 * `+5511*****4321`): enough for an attendant to recognise it, not to copy it. Short
 * numbers keep fewer digits so at least half is always hidden.
 */
export function maskPhone(waId: string): string;
export function maskPhone(waId: string | null): string | null;
export function maskPhone(waId: string | null): string | null {
  if (!waId) return null;
  const digits = waId.replace(/\D/g, '');
  const head = digits.length >= 10 ? 4 : 0;
  const tail = digits.length >= 8 ? 4 : Math.min(2, Math.floor(digits.length / 2));
  return `+${digits.slice(0, head)}${'*'.repeat(digits.length - head - tail)}${digits.slice(digits.length - tail)}`;
}
