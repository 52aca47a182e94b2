import { randomBytes } from 'node:crypto';
import { customerMessageWebhook } from '../../src/cli/chat-webhook.js';

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
