import { createHmac, randomBytes } from 'node:crypto';

export interface InboundText {
  phoneNumberId: string;
  displayPhoneNumber: string;
  waId: string;
  profileName: string;
  wamid: string;
  text: string;
  at: Date;
}

/** A fresh WhatsApp message id in Meta's shape. */
export const newWamid = () => `wamid.HBgNNTUxMTk${randomBytes(15).toString('hex').toUpperCase()}`;

/** The JSON body Meta posts for one inbound text message (Cloud API, `messages` field). */
export function inboundTextPayload(message: InboundText) {
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
              metadata: { display_phone_number: message.displayPhoneNumber, phone_number_id: message.phoneNumberId },
              contacts: [{ profile: { name: message.profileName }, wa_id: message.waId }],
              messages: [
                {
                  from: message.waId,
                  id: message.wamid,
                  timestamp: String(Math.floor(message.at.getTime() / 1000)),
                  type: 'text',
                  text: { body: message.text },
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

/** `X-Hub-Signature-256` for a raw body: `sha256=` + hex HMAC-SHA256 with the app secret. */
export const signBody = (rawBody: string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

/** Posts a signed webhook as Meta does; resolves with the HTTP status (0 when the connection failed). */
export async function postWebhook(baseUrl: string, payload: unknown, appSecret: string): Promise<number> {
  const raw = JSON.stringify(payload);
  try {
    const response = await fetch(`${baseUrl}/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, appSecret) },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
