import { randomBytes } from 'node:crypto';

/**
 * The WhatsApp Cloud API's answers to `POST /{version}/{phone-number-id}/messages`, as Meta
 * sends them: the one place both Graph fakes (the msw `GraphApiFake` of the tests and the
 * soak's loopback server) build their accepted-send and error JSON from.
 */

/** A fresh message id in Meta's shape. */
export const newWamid = () => `wamid.HBgN${randomBytes(18).toString('base64url')}`;

export const newFbtraceId = () => `A${randomBytes(11).toString('base64url')}`;

/** The answer to an accepted send: a send to a phone echoes its `wa_id`, one to a business-scoped user id its `user_id`. */
export function sendAcceptedJson(recipient: { to: unknown } | { recipient: unknown }, wamid = newWamid()) {
  return {
    messaging_product: 'whatsapp' as const,
    contacts: [
      'to' in recipient ? { input: recipient.to, wa_id: recipient.to } : { input: recipient.recipient, user_id: recipient.recipient },
    ],
    messages: [{ id: wamid, message_status: 'accepted' as const }],
  };
}

/** The answer to a mark-as-read (with or without the typing indicator). */
export const readAnswerJson = () => ({ success: true as const });

export interface GraphError {
  /** as Meta words it, usually `(#code) …` */
  message: string;
  code: number;
  type?: string;
  /** `error_data.details`, sent with most message-send errors */
  details?: string;
  isTransient?: boolean;
  fbtraceId?: string;
}

/** Meta's error JSON (`{"error": {message, type, code, error_data?, is_transient?, fbtrace_id}}`). */
export function graphErrorJson(error: GraphError) {
  return {
    error: {
      message: error.message,
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.details !== undefined ? { error_data: { messaging_product: 'whatsapp' as const, details: error.details } } : {}),
      ...(error.isTransient !== undefined ? { is_transient: error.isTransient } : {}),
      fbtrace_id: error.fbtraceId ?? newFbtraceId(),
    },
  };
}

/** Meta's error body for a refused send with this code, as the Cloud API returns it (`(#code) message` and its details). */
export const metaErrorBody = (code: number, message: string, details: string, fbtraceId = 'AbC123xyz') =>
  graphErrorJson({ message: `(#${code}) ${message}`, code, details, fbtraceId });

/** Meta's error bodies by HTTP status, as the Cloud API returns them. */
export const META_ERRORS = {
  400: metaErrorBody(
    131030,
    'Recipient phone number not in allowed list',
    'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.',
    'AQ2fZb1y7sI0xmQdTn4o3Zk',
  ),
  429: metaErrorBody(130429, 'Rate limit hit', 'Cloud API message throughput has been reached.', 'A7m1'),
  500: graphErrorJson({ message: 'An unknown error has occurred.', code: 1, isTransient: true, fbtraceId: 'AwZk9q' }),
  503: graphErrorJson({ message: 'Service temporarily unavailable', code: 2, isTransient: true, fbtraceId: 'Bx1' }),
} as const;

/** The errors the fakes answer besides the scripted ones. */
export const GRAPH_ERRORS = {
  /** a send with no recipient */
  missingRecipient: () => graphErrorJson({ message: '(#100) The parameter to is required.', code: 100 }),
  invalidParameter: () => graphErrorJson({ message: '(#100) Invalid parameter', code: 100 }),
  missingMessagingProduct: () => graphErrorJson({ message: '(#100) The parameter messaging_product is required.', code: 100 }),
  expiredToken: () => graphErrorJson({ message: 'Error validating access token: Session has expired.', code: 190 }),
  unknownPath: (path: string | undefined) => graphErrorJson({ message: `Unknown path components: ${path}`, code: 2500 }),
  /** the transient 500 a send sometimes gets */
  somethingWentWrong: () => graphErrorJson({ message: '(#131000) Something went wrong', code: 131000, details: 'Something went wrong' }),
} as const;
