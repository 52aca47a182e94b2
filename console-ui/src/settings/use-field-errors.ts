import { useState } from 'preact/hooks';
import { ApiError, errorText, fieldErrors } from '../api.js';

/**
 * A form's refusal: the pt-BR problem of each field (keyed like `priceCents`, `hours.mon.1`) and
 * the form's own message. `clear(field)` drops a field's problem (and those under it) as soon as
 * its input changes.
 */
export function useFieldErrors() {
  const [fields, setFields] = useState<Map<string, string>>(new Map());
  const [message, setMessage] = useState<string | null>(null);
  return {
    fields,
    message,
    reset() {
      setFields(new Map());
      setMessage(null);
    },
    show(error: unknown) {
      const byField = fieldErrors(error);
      setFields(byField);
      setMessage(byField.size > 0 ? 'Confira os campos destacados.' : refusalText(error));
    },
    clear(field: string) {
      setMessage(null);
      setFields((current) => {
        const kept = [...current].filter(([key]) => key !== field && !key.startsWith(`${field}.`));
        return kept.length === current.size ? current : new Map(kept);
      });
    },
  };
}

export type FieldErrors = ReturnType<typeof useFieldErrors>;

/** A refusal without fields: the service's pt-BR message where it wrote one for the owner. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return error.message;
  return errorText(error);
}

/** "60,00" or "60" → 6000 cents; empty → null; anything else is sent as typed, for the service to name. */
export function centsOf(text: string): number | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const normalized = trimmed
    .replace(/^R\$\s*/, '')
    .replace(/\./g, '')
    .replace(',', '.');
  const value = Number(normalized);
  return Number.isFinite(value) && /^\d+(?:\.\d{1,2})?$/.test(normalized) ? Math.round(value * 100) : trimmed;
}

/** 6000 → "60,00". */
export function reaisOf(cents: number | undefined): string {
  return cents === undefined ? '' : (cents / 100).toFixed(2).replace('.', ',');
}

/** A number input's value as a number when it is one, else as typed (the service names the field). */
export function numberOf(text: string): number | string {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}
