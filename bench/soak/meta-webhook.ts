import { randomBytes } from 'node:crypto';
import { customerMessageWebhook } from '../../src/cli/chat-webhook.js';
import { signPayload } from '../../src/whatsapp/index.js';

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
export const inboundTextPayload = (message: InboundText) =>
  customerMessageWebhook({
    phoneNumberId: message.phoneNumberId,
    displayPhoneNumber: message.displayPhoneNumber,
    waId: message.waId,
    profileName: message.profileName,
    input: { kind: 'text', text: message.text },
    wamid: message.wamid,
    at: message.at,
  });

/** Posts a signed webhook as Meta does; resolves with the HTTP status (0 when the connection failed). */
export async function postWebhook(baseUrl: string, payload: unknown, appSecret: string): Promise<number> {
  const raw = JSON.stringify(payload);
  try {
    const response = await fetch(`${baseUrl}/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(raw, appSecret) },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
