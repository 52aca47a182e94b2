import { randomBytes } from 'node:crypto';
import { signPayload } from '../whatsapp/index.js';

/** What the customer sends: typed text, or a tap on a button / list row of an earlier message. */
export type CustomerInput =
  | { kind: 'text'; text: string }
  | { kind: 'button_reply' | 'list_reply'; id: string; title: string; description?: string; contextWaMessageId?: string };

/** A WhatsApp-like message id (Meta's are `wamid.` + base64); unique per message. */
export const newWamid = () => `wamid.HBgN${randomBytes(27).toString('base64')}`;

/**
 * The webhook body Meta's Cloud API posts for one customer message: a
 * `whatsapp_business_account` entry with one `messages` change, metadata, contact profile.
 */
export function customerMessageWebhook(options: {
  phoneNumberId: string;
  /** the business number as Meta shows it (a sandbox number when omitted) */
  displayPhoneNumber?: string;
  waId: string;
  profileName: string;
  input: CustomerInput;
  wamid: string;
  at: Date;
}) {
  const { input } = options;
  const base = { from: options.waId, id: options.wamid, timestamp: String(Math.floor(options.at.getTime() / 1000)) };
  const message =
    input.kind === 'text'
      ? { ...base, type: 'text', text: { body: input.text } }
      : {
          ...(input.contextWaMessageId ? { context: { from: options.phoneNumberId, id: input.contextWaMessageId } } : {}),
          ...base,
          type: 'interactive',
          interactive: {
            type: input.kind,
            [input.kind]: {
              id: input.id,
              title: input.title,
              ...(input.description ? { description: input.description } : {}),
            },
          },
        };
  return metaWebhookEnvelope(
    { phoneNumberId: options.phoneNumberId, displayPhoneNumber: options.displayPhoneNumber ?? '15550783881' },
    { contacts: [{ profile: { name: options.profileName }, wa_id: options.waId }], messages: [message] },
  );
}

/**
 * The envelope of every webhook Meta's Cloud API posts for a business number: one
 * `whatsapp_business_account` entry with one `messages` change whose value carries the
 * number's metadata and `content` (contacts + messages, or statuses).
 */
export function metaWebhookEnvelope<Content extends Record<string, unknown>>(
  number: { phoneNumberId: string; displayPhoneNumber: string },
  content: Content,
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId },
              ...content,
            },
          },
        ],
      },
    ],
  };
}

/** POSTs a webhook body signed like Meta (`X-Hub-Signature-256` over the exact bytes); throws unless 200. */
export async function postSignedWebhook(baseUrl: string, appSecret: string, body: unknown): Promise<void> {
  const raw = JSON.stringify(body);
  const response = await fetch(new URL('/webhooks/whatsapp', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(raw, appSecret) },
    body: raw,
  });
  if (response.status !== 200) throw new Error(`webhook answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
}
