import type { Db } from '../db/index.js';
import { stringifyDeep } from './stringify-deep.js';

export type DeadLetterKind = 'message' | 'status' | 'echo' | 'change' | 'body';

export interface DeadLetter {
  tenantId: number | null;
  phoneNumberId: string | null;
  field: string | null;
  kind: DeadLetterKind;
  /** the item (or for `change`/`body`, the whole value or body) as Meta sent it */
  raw: unknown;
  error: string;
}

/** Where intake puts what it cannot store. Throws when even that fails (the webhook then answers 500). */
export type DeadLetterSink = (letter: DeadLetter) => Promise<void>;

/**
 * Stores an item the webhook could not store in `webhook_dead_letters`, raw as JSON text
 * (JSON.stringify escapes NULs and lone surrogates, so any parsed body fits a text column).
 */
export function createDeadLetterSink(db: Db): DeadLetterSink {
  return async (letter) => {
    await db.webhookDeadLetter.create({
      data: {
        tenantId: letter.tenantId,
        phoneNumberId: letter.phoneNumberId,
        field: letter.field,
        kind: letter.kind,
        raw: safeStringify(letter.raw),
        error: letter.error.slice(0, 2000),
      },
    });
  };
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    // deeper than the call stack allows: the same text, built without recursion
    return stringifyDeep(value);
  }
}
