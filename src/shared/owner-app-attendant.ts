/**
 * The attendant name of messages the owner sent from the WhatsApp Business app (coexistence
 * echoes) and of the `owner_replied` handoff they open: stored as `messages.attendant` and
 * `handoffs.attendant`, so ops can find them with SQL and the model's history names them.
 */
export const OWNER_APP_ATTENDANT = 'WhatsApp app';
