/**
 * The quick-reply payloads of a reminder's three buttons, a format shared with whoever acts
 * on the customer's tap (the `button` webhook carries the payload back): `r1.<action>.<token>`,
 * where `r1` is the format's version, the actions are, by button index, 0 `confirmar`,
 * 1 `remarcar`, 2 `cancelar` (the template's Confirmar, Remarcar, Cancelar), and the token is
 * the reminder row's `payload_token`: 16 random bytes in base64url, 22 characters, minted when
 * the row is created. The token names nothing by itself (no appointment or customer id), so a
 * payload cannot be edited into another customer's appointment: only the stored row maps it
 * back. Pure, no dependencies.
 */

/** The actions of the reminder's buttons, in button order (index 0, 1, 2). */
export const REMINDER_ACTIONS = ['confirmar', 'remarcar', 'cancelar'] as const;
export type ReminderAction = (typeof REMINDER_ACTIONS)[number];

/** A payload token as minted: 16 bytes in base64url without padding. */
export const REMINDER_PAYLOAD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const PAYLOAD_PATTERN = /^r1\.(confirmar|remarcar|cancelar)\.([A-Za-z0-9_-]{22})$/;

/** Whether `token` has the shape of a minted payload token (an erased row's token has not). */
export function isReminderPayloadToken(token: string): boolean {
  return REMINDER_PAYLOAD_TOKEN_PATTERN.test(token);
}

/** The payload of one button, e.g. `r1.confirmar.3q2-7wEjRzuX1Hb0i7Fw9g`. Throws for a token of the wrong shape. */
export function reminderButtonPayload(action: ReminderAction, token: string): string {
  if (!isReminderPayloadToken(token)) throw new Error('not a reminder payload token');
  return `r1.${action}.${token}`;
}

/** The three buttons' payloads in button order (Confirmar, Remarcar, Cancelar). */
export function reminderButtonPayloads(token: string): string[] {
  return REMINDER_ACTIONS.map((action) => reminderButtonPayload(action, token));
}

/**
 * The action and token of a button payload; undefined for anything else (another template's
 * payload, a customer's text, an older format, a malformed or padded token).
 */
export function parseReminderButtonPayload(text: string): { action: ReminderAction; token: string } | undefined {
  const match = PAYLOAD_PATTERN.exec(text);
  if (!match) return undefined;
  return { action: match[1] as ReminderAction, token: match[2]! };
}
