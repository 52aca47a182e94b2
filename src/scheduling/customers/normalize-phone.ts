import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** A phone number as stored and matched: E.164 digits, and every WhatsApp id it may appear as. */
export interface NormalizedPhone {
  /** E.164 without the "+", e.g. "5511987654321": the `wa_id` given to a customer staff create. */
  digits: string;
  /** `wa_id`s that are this same number (a Brazilian mobile also without its ninth digit). */
  waIdCandidates: string[];
}

/**
 * A phone number written as people write it ("(11) 98765-4321", "11987654321",
 * "+55 11 98765-4321", "+351 912 345 678"), validated and normalised by libphonenumber-js
 * (full metadata; numbers without a country code are Brazilian). Older WhatsApp accounts of
 * Brazilian mobiles have a `wa_id` without the ninth digit ("551187654321"): such an id, or a
 * number typed that way, is read as the same mobile, and both forms are candidates. Null when
 * the text is not a valid number.
 */
export function normalizePhone(text: string): NormalizedPhone | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 40) return null;
  const hasPlus = trimmed.startsWith('+');
  const rawDigits = trimmed.replace(/\D/g, '');
  // A 12-digit "55 AA NNNNNNNN" mobile (with or without "+") is a wa_id that lost its ninth digit.
  const restored = withNinthDigit(rawDigits);
  const candidate =
    restored !== rawDigits
      ? `+${restored}`
      : hasPlus
        ? trimmed
        : rawDigits.length >= 12 && rawDigits.startsWith('55')
          ? `+${rawDigits}`
          : trimmed;
  const parsed = parsePhoneNumberFromString(candidate, 'BR');
  if (!parsed?.isValid()) return null;
  const digits = parsed.number.slice(1);
  return { digits, waIdCandidates: waIdVariants(digits) };
}

/** Every `wa_id` form of an E.164 number: a Brazilian mobile with and without its ninth digit. */
export function waIdVariants(digits: string): string[] {
  const mobile = /^55(\d{2})9([6-9]\d{7})$/.exec(digits);
  return mobile ? [digits, `55${mobile[1]}${mobile[2]}`] : [digits];
}

/** "551187654321" → "5511987654321"; any other digits unchanged. */
function withNinthDigit(digits: string): string {
  const old = /^55(\d{2})([6-9]\d{7})$/.exec(digits);
  return old ? `55${old[1]}9${old[2]}` : digits;
}
