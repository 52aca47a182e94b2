/** The three quick-reply buttons of a reminder template, in the contract's order. */
export type ReminderButtonAction = 'confirmar' | 'remarcar' | 'cancelar';

const PAYLOAD = /^r1\.(confirmar|remarcar|cancelar)\.([A-Za-z0-9_-]{22})$/;

/** The payload of one quick-reply button: `r1.<action>.<token>`, token = the reminder row's `payload_token`. */
export function reminderButtonPayload(action: ReminderButtonAction, token: string): string {
  return `r1.${action}.${token}`;
}

/**
 * The action and token a tapped button's payload names, or undefined for anything else: the
 * exact `r1.` prefix, a known action and a 22-character base64url token, nothing around them.
 */
export function parseReminderButtonPayload(text: string): { action: ReminderButtonAction; token: string } | undefined {
  const match = PAYLOAD.exec(text);
  if (!match) return undefined;
  return { action: match[1] as ReminderButtonAction, token: match[2] as string };
}
